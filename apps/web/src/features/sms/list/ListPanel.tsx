import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { SMS_SEARCH_MAX, type SmsData, SmsMsg } from '@phonecloud/shared';
import { Button, Empty, Input, Spin, Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SearchResults } from '../search/SearchResults';
import { useAreaState } from '../state/area-state';
import { SmsRoute, searchText } from '../state/routes';
import { SmsTab, type SmsTabValue, T } from '../texts';
import { ConversationList } from './ConversationList';
import { FavouriteList } from './FavouriteList';

interface Props {
  box: SmsData | undefined;
  activeAddress: string | null;
  activeId: string | null;
}

/** The left column: search box, tabs (messages, favourites) or search results, export. */
export function ListPanel({ box, activeAddress, activeId }: Props) {
  const navigate = useNavigate();
  const { tab, setTab, input, setInput, search, setSearch, setExportOpen } = useAreaState();

  const submit = () => {
    const q = searchText(input);
    if (!q) {
      setSearch(null);
      navigate(SmsRoute.index);
      return;
    }
    navigate(SmsRoute.search(input.trim()));
  };
  const back = () => {
    setSearch(null);
    setInput('');
    navigate(SmsRoute.index);
  };

  let list: React.ReactNode;
  if (!box) list = <Spin className="sms-loading" />;
  else if (tab === SmsTab.messages)
    list =
      box.collection_list.length === 0 ? (
        <Empty className="sms-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={SmsMsg.EMPTY_BOX} />
      ) : (
        <ConversationList box={box} activeAddress={activeAddress} />
      );
  else
    list =
      box.favourite_list.length === 0 ? (
        <Empty
          className="sms-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={SmsMsg.EMPTY_FAVOURITES}
        />
      ) : (
        <FavouriteList box={box} activeId={activeId} />
      );

  return (
    <section className="sms-list-panel">
      <div className="sms-search">
        <Input
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onPressEnter={submit}
          maxLength={SMS_SEARCH_MAX}
          allowClear
          prefix={<SearchOutlined />}
          placeholder={T.searchPlaceholder}
          aria-label={T.searchPlaceholder}
          enterKeyHint="search"
        />
      </div>
      {search !== null ? (
        <SearchResults query={search} activeAddress={activeAddress} activeId={activeId} onBack={back} />
      ) : (
        <>
          <Tabs
            className="sms-tabs"
            activeKey={String(tab)}
            onChange={(key) => setTab(Number(key) as SmsTabValue)}
            items={[
              {
                key: String(SmsTab.messages),
                label: box ? `${T.tabMessages} ${box.collection_list.length}` : T.tabMessages,
              },
              {
                key: String(SmsTab.favourites),
                label: box ? `${T.tabFavourites} ${box.favourite_list.length}` : T.tabFavourites,
              },
            ]}
          />
          <div className="sms-list">{list}</div>
        </>
      )}
      <div className="sms-bottom">
        <Button icon={<ExportOutlined />} onClick={() => setExportOpen(true)} disabled={!box}>
          {T.export}
        </Button>
      </div>
    </section>
  );
}
