import {
  AppstoreOutlined,
  CheckOutlined,
  SearchOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { DRIVE_SEARCH_MAX_CHARS, DRIVE_SORTS, type DrivePrefs } from '@phonecloud/shared';
import { Button, Dropdown, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { FindText } from './texts';

interface Props {
  prefs: DrivePrefs;
  onChange(patch: Partial<DrivePrefs>): void;
  /** The query being shown ('' when none). */
  query: string;
  onSearch(query: string): void;
}

/** Search over the whole drive, the sort menu and the list / grid switch, above the folder. */
export function ArrangeBar({ prefs, onChange, query, onSearch }: Props) {
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const SortIcon = prefs.dir === 'asc' ? SortAscendingOutlined : SortDescendingOutlined;
  const mark = (on: boolean) => (on ? <CheckOutlined /> : <span className="drive-arrange__nocheck" />);
  return (
    <div className="drive-arrange">
      <form
        className="drive-arrange__search"
        aria-label={FindText.SEARCH_PLACEHOLDER}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <Input
          prefix={<SearchOutlined />}
          placeholder={FindText.SEARCH_PLACEHOLDER}
          aria-label={FindText.SEARCH_PLACEHOLDER}
          allowClear
          maxLength={DRIVE_SEARCH_MAX_CHARS}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // The clear button empties the box: back to the folder.
            if (e.target.value === '' && query !== '') onSearch('');
          }}
        />
        <Button type="primary" htmlType="submit">
          {FindText.SEARCH}
        </Button>
      </form>
      <span className="drive-arrange__grow" />
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: false,
          items: [
            ...DRIVE_SORTS.map((s) => ({
              key: s,
              icon: mark(prefs.sort === s),
              label: FindText.SORT_LABEL[s],
              onClick: () => onChange({ sort: s }),
            })),
            { type: 'divider' as const },
            {
              key: 'asc',
              icon: mark(prefs.dir === 'asc'),
              label: FindText.ASC,
              onClick: () => onChange({ dir: 'asc' }),
            },
            {
              key: 'desc',
              icon: mark(prefs.dir === 'desc'),
              label: FindText.DESC,
              onClick: () => onChange({ dir: 'desc' }),
            },
          ],
        }}
      >
        <Button
          icon={<SortIcon />}
          data-testid="drive-sort"
          aria-label={`${FindText.SORT}：${FindText.SORT_LABEL[prefs.sort]}`}
        >
          {FindText.SORT_LABEL[prefs.sort]}
        </Button>
      </Dropdown>
      <Radio.Group
        className="drive-arrange__view"
        optionType="button"
        value={prefs.view}
        aria-label={`${FindText.VIEW_LIST} / ${FindText.VIEW_GRID}`}
        onChange={(e) => onChange({ view: e.target.value === 'grid' ? 'grid' : 'list' })}
      >
        <Radio.Button value="list">
          <UnorderedListOutlined /> {FindText.VIEW_LIST}
        </Radio.Button>
        <Radio.Button value="grid">
          <AppstoreOutlined /> {FindText.VIEW_GRID}
        </Radio.Button>
      </Radio.Group>
    </div>
  );
}
