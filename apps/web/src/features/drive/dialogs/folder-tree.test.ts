import { describe, expect, it } from 'vitest';
import { type TreeNode, updateNode, visibleRows } from './folder-tree';

const node = (
  id: string,
  path: string[],
  children: TreeNode[] | null = null,
  expanded = false,
): TreeNode => ({
  id,
  name: id,
  path,
  children,
  expanded,
  loading: false,
});

describe('move dialog tree', () => {
  it('shows children of expanded nodes only, each a level deeper', () => {
    const root = node(
      'root',
      ['root'],
      [node('a', ['root', 'a'], [node('b', ['root', 'a', 'b'])]), node('c', ['root', 'c'])],
      true,
    );
    expect(visibleRows(root).map((r) => [r.node.id, r.level])).toEqual([
      ['root', 0],
      ['a', 1],
      ['c', 1],
    ]);
    const opened = updateNode(root, ['root', 'a'], { expanded: true });
    expect(visibleRows(opened).map((r) => [r.node.id, r.level])).toEqual([
      ['root', 0],
      ['a', 1],
      ['b', 2],
      ['c', 1],
    ]);
  });
});
