import type { DriveSort } from '@phonecloud/shared';

/** Interface words of find and arrange (the spec leaves them "not shown"). */
export const FindText = {
  SEARCH_PLACEHOLDER: '搜索全部文件',
  SEARCH: '搜索',
  SORT: '排序',
  SORT_LABEL: { name: '文件名', size: '大小', time: '修改时间' } satisfies Record<DriveSort, string>,
  ASC: '升序',
  DESC: '降序',
  VIEW_LIST: '列表',
  VIEW_GRID: '缩略图',
  BACK: '返回文件列表',
  MORE: '加载更多',
  LOCATION: '所在位置',
  ROOT: '全部文件',
  NO_HITS: '没有找到相关文件',
  results: (q: string) => `“${q}”的搜索结果`,
  hitCount: (n: number, more: boolean) => (more ? `已显示${n}个结果` : `共${n}个结果`),
  jumpTo: (path: string) => `打开所在文件夹 ${path}`,
  select: (name: string) => `选择${name}`,
} as const;
