import type { DriveBackend } from '../types';

export interface TreeNode {
  id: string;
  name: string;
  /** Ids from the root to this folder, itself included. */
  path: string[];
  /** null: not loaded yet. */
  children: TreeNode[] | null;
  expanded: boolean;
  loading: boolean;
}

/** The subfolders of a folder, every page of it (a tree node lists only folders). */
export async function loadSubfolders(backend: DriveBackend, parent: TreeNode): Promise<TreeNode[]> {
  const children: TreeNode[] = [];
  let marker: string | null = null;
  do {
    const page = await backend.listPage(parent.id, marker);
    for (const item of page.items) {
      if (item.type !== 'folder') continue;
      children.push({
        id: item.id,
        name: item.name,
        path: [...parent.path, item.id],
        children: null,
        expanded: false,
        loading: false,
      });
    }
    marker = page.next;
  } while (marker);
  return children;
}

/** A copy of the tree with one node changed (found by its path). */
export function updateNode(root: TreeNode, path: readonly string[], patch: Partial<TreeNode>): TreeNode {
  if (path.length === 1) return { ...root, ...patch };
  const [, next, ...rest] = path;
  return {
    ...root,
    children: root.children?.map((c) => (c.id === next ? updateNode(c, [c.id, ...rest], patch) : c)) ?? null,
  };
}

/** The visible rows: each node with its depth, children only under expanded nodes. */
export function visibleRows(root: TreeNode): Array<{ node: TreeNode; level: number }> {
  const rows: Array<{ node: TreeNode; level: number }> = [];
  const walk = (node: TreeNode, level: number) => {
    rows.push({ node, level });
    if (node.expanded) for (const c of node.children ?? []) walk(c, level + 1);
  };
  walk(root, 0);
  return rows;
}
