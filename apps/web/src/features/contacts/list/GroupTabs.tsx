import { GROUP_TRUNCATE_LIST } from '@phonecloud/shared';
import { Tabs } from 'antd';
import type { GroupFilter } from '../book/book';
import { truncate } from '../format/truncate';
import { T } from '../texts';

const ALL_KEY = 'all';
const keyOf = (group: GroupFilter) => (group === null ? ALL_KEY : `g:${group}`);

/** One tab per group, the first for all contacts; long names are cut at 15 characters. */
export function GroupTabs({
  groups,
  group,
  onChange,
}: {
  groups: readonly string[];
  group: GroupFilter;
  onChange(group: GroupFilter): void;
}) {
  const items = [
    { key: ALL_KEY, label: T.allTab },
    ...groups.map((name) => ({
      key: keyOf(name),
      label: (
        <span className="group-tab" title={name}>
          {truncate(name, GROUP_TRUNCATE_LIST)}
        </span>
      ),
    })),
  ];
  return (
    <Tabs
      className="group-tabs"
      size="small"
      activeKey={keyOf(group)}
      items={items}
      onChange={(key) => onChange(key === ALL_KEY ? null : key.slice(2))}
    />
  );
}
