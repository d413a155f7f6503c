import { ArrowLeftOutlined } from '@ant-design/icons';
import { foundSmsBodies, foundSmsNames, SmsMsg } from '@phonecloud/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { Highlight } from '../../../components/Highlight';
import { searchQuery } from '../api/sms-queries';
import { whoOf } from '../format/contact-name';
import { ConversationRow } from '../list/ConversationRow';
import { previewOf, snippetAround } from '../list/preview';
import { SmsRoute } from '../state/routes';
import { T } from '../texts';

interface Props {
  /** The cleaned query (routes.ts searchText). */
  query: string;
  activeAddress: string | null;
  activeId: string | null;
  onBack(): void;
}

/** Under a matching conversation: a hint for an unnamed contact, the number under a name, else the count. */
function nameMatchLine(who: ReturnType<typeof whoOf>, address: string, count: number, hit: string) {
  if (who.unnamed) return <span className="sms-row__hint">{SmsMsg.NO_NICKNAME}</span>;
  if (who.name !== address) return <Highlight text={address} query={hit} />;
  return T.count(count);
}

/**
 * Search results (spec 001 §2, §5): conversations whose contact name or number matches, then
 * messages whose text does, each with a count and the query highlighted, and a back link.
 */
export function SearchResults({ query, activeAddress, activeId, onBack }: Props) {
  const { data, isPending, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(searchQuery(query));
  const hit = query.toLowerCase();
  const first = data?.pages[0];
  const icons = Object.assign({}, ...(data?.pages.map((p) => p.contactIcon_list) ?? []));
  const names = first?.name_matches ?? [];
  const bodies = data?.pages.flatMap((p) => p.body_matches) ?? [];
  const total = first?.body_total ?? 0;

  let body: React.ReactNode;
  if (isPending) body = <Spin className="sms-loading" />;
  else if (isError)
    body = (
      <Result
        status="warning"
        title={error.message}
        extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
      />
    );
  else if (names.length === 0 && total === 0)
    body = <Empty className="sms-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noResults} />;
  else
    body = (
      <div className="sms-results__scroll">
        <h3 className="sms-results__head">{foundSmsNames(names.length)}</h3>
        <ul className="sms-results__list" aria-label={foundSmsNames(names.length)}>
          {names.map((c) => {
            const who = whoOf(c.format_address, icons);
            return (
              <li key={c.format_address} className="sms-results__item">
                <ConversationRow
                  name={<Highlight text={who.name} query={hit} />}
                  plainName={who.name}
                  contact={who.contact}
                  line={nameMatchLine(who, c.format_address, c.count, hit)}
                  date={c.format_date}
                  count={c.count}
                  active={c.format_address === activeAddress && activeId === null}
                  href={SmsRoute.full(c.format_address)}
                  address={c.format_address}
                />
              </li>
            );
          })}
        </ul>
        <h3 className="sms-results__head">{foundSmsBodies(total)}</h3>
        <ul className="sms-results__list" aria-label={foundSmsBodies(total)}>
          {bodies.map((sms) => {
            const address = sms.content.format_address;
            const who = whoOf(address, icons);
            return (
              <li key={sms.server_id} className="sms-results__item">
                <ConversationRow
                  name={who.name}
                  plainName={who.name}
                  contact={who.contact}
                  line={<Highlight text={snippetAround(previewOf(sms), hit)} query={hit} />}
                  date={sms.content.date}
                  active={sms.server_id === activeId}
                  href={SmsRoute.full(address, sms.server_id)}
                  address={address}
                  serverId={sms.server_id}
                />
              </li>
            );
          })}
        </ul>
        {hasNextPage && (
          <div className="sms-results__more">
            <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {T.moreResults}
            </Button>
          </div>
        )}
      </div>
    );

  return (
    <section className="sms-results" aria-label={T.results} data-query={query}>
      <div className="sms-results__bar">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="sms-results__back">
          {T.back}
        </Button>
        <span className="sms-results__title">{T.results}</span>
      </div>
      {body}
    </section>
  );
}
