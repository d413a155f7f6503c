import { CaretDownOutlined, CaretRightOutlined, FolderFilled, LoadingOutlined } from '@ant-design/icons';
import { TREE_INDENT_PX } from '@phonecloud/shared';
import { Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { reportError } from '../report';
import { moveError } from '../rules';
import { DriveText } from '../texts';
import type { DriveBackend } from '../types';
import { loadSubfolders, type TreeNode, updateNode, visibleRows } from './folder-tree';

interface Props {
  backend: DriveBackend;
  currentFolderId: string;
  movedIds: readonly string[];
  /** Resolves when the move is done (or failed and was reported). */
  onMove(targetId: string): Promise<void>;
  onClose(): void;
}

/** The tree's root entry (全部文件), open, its folders loading. */
const rootNode = (backend: DriveBackend): TreeNode => ({
  id: backend.rootId,
  name: DriveText.ALL_FILES,
  path: [backend.rootId],
  children: null,
  expanded: true,
  loading: true,
});

/**
 * The move dialog (spec 000 §2, §5): a folder tree under a root entry, each level indented 25 px,
 * subfolders loaded when a folder is expanded; the three move rules are checked before any call.
 */
export function MoveDialog({ backend, currentFolderId, movedIds, onMove, onClose }: Props) {
  const [root, setRoot] = useState<TreeNode>(() => rootNode(backend));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const expand = useCallback(
    async (node: TreeNode) => {
      if (node.children) {
        setRoot((r) => updateNode(r, node.path, { expanded: !node.expanded }));
        return;
      }
      setRoot((r) => updateNode(r, node.path, { loading: true, expanded: true }));
      try {
        const children = await loadSubfolders(backend, node);
        setRoot((r) => updateNode(r, node.path, { children, loading: false }));
      } catch (err) {
        setRoot((r) => updateNode(r, node.path, { loading: false, expanded: false }));
        reportError(err);
      }
    },
    [backend],
  );

  // The root's children load once, when the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open.
  useEffect(() => {
    void expand({ ...root, children: null });
  }, []);

  const confirm = async () => {
    const broken = moveError(chosen, currentFolderId, movedIds);
    if (broken) {
      setError(broken);
      return;
    }
    const target = chosen?.at(-1);
    if (target === undefined) return;
    setBusy(true);
    try {
      await onMove(target);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={DriveText.MOVE_TITLE}
      okText={DriveText.OK}
      cancelText={DriveText.CANCEL}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onClose}
      width={520}
      className="drive-dialog"
    >
      <div className="move-tree" role="tree" aria-label="目标文件夹">
        {visibleRows(root).map(({ node, level }) => (
          <TreeRow
            key={node.path.join('.')}
            node={node}
            level={level}
            chosen={chosen?.at(-1) === node.id && chosen.length === node.path.length}
            onChoose={() => {
              setChosen(node.path);
              setError(null);
            }}
            onExpand={() => void expand(node)}
          />
        ))}
      </div>
      <div className="field-error" role="alert">
        {error}
      </div>
    </Modal>
  );
}

/** One folder of the tree: chosen by a click (or Enter), opened or closed by its caret. */
function TreeRow(props: {
  node: TreeNode;
  level: number;
  chosen: boolean;
  onChoose(): void;
  onExpand(): void;
}) {
  const { node, level, chosen, onChoose, onExpand } = props;
  return (
    <div
      role="treeitem"
      aria-label={node.name}
      aria-selected={chosen}
      aria-expanded={node.expanded}
      tabIndex={0}
      className={`move-tree__node${chosen ? ' is-chosen' : ''}`}
      style={{ paddingLeft: 8 + level * TREE_INDENT_PX }}
      onClick={onChoose}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onChoose();
      }}
    >
      <button
        type="button"
        className="move-tree__caret"
        aria-label={node.expanded ? `收起${node.name}` : `展开${node.name}`}
        onClick={(e) => {
          e.stopPropagation();
          onExpand();
        }}
      >
        {node.loading ? (
          <LoadingOutlined />
        ) : node.children && node.children.length === 0 ? null : node.expanded ? (
          <CaretDownOutlined />
        ) : (
          <CaretRightOutlined />
        )}
      </button>
      <FolderFilled className="drive-icon drive-icon--folder" />
      <span className="move-tree__name">{node.name}</span>
    </div>
  );
}
