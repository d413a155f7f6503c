import './drive.css';
import { DriveCode, DriveMsg, SUCCESS_TIP_MS } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, message } from 'antd';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api';
import { toast } from '../../components/toast';
import { DriveToolbar } from './DriveToolbar';
import { confirmAction } from './dialogs/confirm';
import { MoveDialog } from './dialogs/MoveDialog';
import { NameDialog } from './dialogs/NameDialog';
import { QuotaDialog } from './dialogs/QuotaDialog';
import { startDownload } from './download';
import { ArrangeBar } from './find/ArrangeBar';
import { DriveBody } from './find/DriveBody';
import { useArrange } from './find/use-arrange';
import { useTreeUpload } from './find/use-tree-upload';
import { chainRoute, parseChain } from './listing/chain';
import { DriveBreadcrumb } from './listing/DriveBreadcrumb';
import { driveKeys, useFolderListing } from './listing/use-folder-listing';
import { FilePreview } from './preview/FilePreview';
import { RecycleBin } from './RecycleBin';
import { reportError } from './report';
import { deleteLimitError, downloadLimitError, fitsQuota, newFolderError, renameCheck } from './rules';
import { SpaceIndicator } from './SpaceIndicator';
import { MyShares } from './share/MyShares';
import { ShareDialog } from './share/ShareDialog';
import { DriveText } from './texts';
import type { DriveBackend, DriveItem } from './types';
import { canUpload } from './upload/browser-support';
import { UploadPanel } from './upload/UploadPanel';
import { queueFor } from './upload/upload-queue';

/** Success tips stay one second (spec 000 §9). */
const TIP_SECONDS = SUCCESS_TIP_MS / 1000;

type Dialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: DriveItem }
  | { kind: 'move'; ids: string[] }
  | { kind: 'recycle' }
  | { kind: 'quota' }
  | { kind: 'share'; items: DriveItem[] }
  | { kind: 'my-shares' }
  | null;

/** The drive of one variant at the folder its route names (`.../path=root.1001`). */
export function DriveScreen({ backend }: { backend: DriveBackend }) {
  const rest = useParams()['*'] ?? '';
  const chain = useMemo(() => parseChain(rest, backend.rootId), [rest, backend.rootId]);
  if (!chain) return <Navigate to={chainRoute(backend.variant, [backend.rootId])} replace />;
  return <DriveFolder backend={backend} chain={chain} />;
}

function DriveFolder({ backend, chain }: { backend: DriveBackend; chain: string[] }) {
  const folderId = chain.at(-1) ?? backend.rootId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tips, tipsHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  // Find and arrange: the remembered sort and view, a search instead of the folder, folder uploads.
  const arrange = useArrange(backend);
  const [query, setQuery] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: another folder shows the folder, not the last search.
  useEffect(() => setQuery(''), [folderId]);
  const listing = useFolderListing(backend, folderId, arrange.ready ? arrange.prefs : null);
  const quota = useQuery({
    queryKey: driveKeys.quota(backend),
    queryFn: async () => {
      await backend.prepare();
      return backend.quota();
    },
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dragging, setDragging] = useState(false);
  const [previewing, setPreviewing] = useState<DriveItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: driveKeys.all(backend) });
  const queue = queueFor(backend);
  useEffect(() => {
    queue.setEvents({
      onUploaded: (parentId) => {
        void queryClient.invalidateQueries({ queryKey: driveKeys.list(backend, parentId) });
        void queryClient.invalidateQueries({ queryKey: driveKeys.quota(backend) });
      },
      onQuotaExceeded: () => setDialog({ kind: 'quota' }),
      onExists: () => toast.error(DriveMsg.SAME_NAME_409),
    });
  }, [queue, queryClient, backend]);

  // A new folder starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the folder changes.
  useEffect(() => setSelected(new Set()), [folderId]);
  // Selection only covers items still in the list (after a delete or move elsewhere).
  useEffect(() => {
    setSelected((s) => {
      const ids = new Set(listing.items.map((i) => i.id));
      const kept = [...s].filter((id) => ids.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [listing.items]);

  const selectedItems = listing.items.filter((i) => selected.has(i.id));

  const open = (item: DriveItem) => {
    queryClient.setQueryData(driveKeys.name(backend, item.id), item.name);
    navigate(chainRoute(backend.variant, [...chain, item.id]));
  };

  const chooseFiles = () => {
    if (!canUpload()) return toast.error(DriveMsg.BROWSER_TOO_OLD);
    fileInput.current?.click();
  };
  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const q = quota.data;
    if (q && !fitsQuota(files, q.used, q.total)) {
      setDialog({ kind: 'quota' });
      return;
    }
    queue.add(files, folderId);
  };
  const tree = useTreeUpload({
    backend,
    folderId,
    names: () => listing.items.map((i) => i.name),
    addFiles,
    fits: (files) => {
      const q = quota.data;
      if (!q || fitsQuota(files, q.used, q.total)) return true;
      setDialog({ kind: 'quota' });
      return false;
    },
    queue: (files, parentId) => queue.add(files, parentId),
    onFolders: () => void queryClient.invalidateQueries({ queryKey: driveKeys.list(backend, folderId) }),
  });

  const download = async (items: DriveItem[]) => {
    const limit = downloadLimitError(items);
    if (limit) return toast.error(limit);
    try {
      const only = items.length === 1 ? items[0] : undefined;
      const url =
        only && only.type === 'file'
          ? await backend.downloadUrl(only.id)
          : await backend.zipUrl(items.map((i) => i.id));
      startDownload(url);
    } catch (err) {
      reportError(err);
    }
  };

  const remove = async (items: DriveItem[]) => {
    const limit = deleteLimitError(items.length);
    if (limit) return toast.error(limit);
    if (
      !(await confirmAction(modal, {
        title: DriveText.DELETE_TITLE,
        text: DriveText.deleteConfirm(items.length),
      }))
    )
      return;
    try {
      await backend.remove(items.map((i) => i.id));
      void tips.success(DriveText.DELETED, TIP_SECONDS);
    } catch (err) {
      reportError(err);
    }
    await refresh();
  };

  const move = async (ids: string[], targetId: string) => {
    try {
      await backend.move(ids, targetId);
      void tips.success(DriveMsg.MOVE_OK, TIP_SECONDS);
    } catch (err) {
      reportError(err);
    }
    setSelected(new Set());
    await refresh();
  };

  /** The dialog's text for a refused name, or null when the dialog should close. */
  const nameRefusal = (err: unknown, sameNameText: string | null): string | null => {
    if (isApiError(err) && err.code === DriveCode.NAME_EXISTS) return sameNameText;
    reportError(err);
    return null;
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!canUpload()) return toast.error(DriveMsg.BROWSER_TOO_OLD);
    tree.drop(e.dataTransfer);
  };

  return (
    <div className="drive" data-variant={backend.variant}>
      {tipsHolder}
      {modalHolder}
      <div className="drive-card">
        <DriveToolbar
          hasSelection={selected.size > 0}
          onUpload={chooseFiles}
          onUploadFolder={tree.chooseFolder}
          onNewFolder={() => setDialog({ kind: 'new-folder' })}
          onMove={() => setDialog({ kind: 'move', ids: [...selected] })}
          onDelete={() => void remove(selectedItems)}
          onDownload={() => void download(selectedItems)}
          onRecycle={() => setDialog({ kind: 'recycle' })}
          onShare={() => setDialog({ kind: 'share', items: selectedItems })}
          onMyShares={() => setDialog({ kind: 'my-shares' })}
          space={<SpaceIndicator quota={quota.data} format={backend.formatSize} />}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="drive-file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            // Reset, so the same file can be chosen again and a refused choice leaves nothing behind.
            e.target.value = '';
            addFiles(files);
          }}
        />
        {tree.folderInput}
        <DriveBreadcrumb backend={backend} chain={chain} />
        <ArrangeBar prefs={arrange.prefs} onChange={arrange.change} query={query} onSearch={setQuery} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut for the upload button. */}
        <div
          className={`drive-drop${dragging ? ' is-dragging' : ''}`}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-drop-hint={DriveText.DROP_HINT}
        >
          <DriveBody
            backend={backend}
            view={arrange.prefs.view}
            query={query}
            onQueryDone={() => setQuery('')}
            items={listing.items}
            loading={listing.loading}
            complete={listing.complete}
            failed={listing.failed}
            onRetry={listing.retry}
            atRoot={chain.length === 1}
            selected={selected}
            onSelect={setSelected}
            formatSize={backend.formatSize}
            actions={{
              open,
              preview: setPreviewing,
              download: (item) => void download([item]),
              rename: (item) => setDialog({ kind: 'rename', item }),
              share: (item) => setDialog({ kind: 'share', items: [item] }),
              remove: (item) => void remove([item]),
            }}
          />
        </div>
      </div>

      <UploadPanel queue={queue} formatSize={backend.formatSize} />

      {dialog?.kind === 'new-folder' ? (
        <NameDialog
          title={DriveText.NEW_FOLDER}
          initial=""
          isFolder
          validate={(name) => newFolderError(name, listing.items, backend.texts.folderExists)}
          submit={async (name) => {
            try {
              await backend.createFolder(folderId, name);
              void tips.success(DriveText.CREATED, TIP_SECONDS);
              await refresh();
              return null;
            } catch (err) {
              return nameRefusal(err, backend.texts.folderExists);
            }
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={DriveText.RENAME}
          initial={dialog.item.name}
          isFolder={dialog.item.type === 'folder'}
          validate={(name) => {
            const check = renameCheck(dialog.item, name, listing.items, backend.texts.renameExists);
            return 'error' in check ? check.error : null;
          }}
          submit={async (name) => {
            const check = renameCheck(dialog.item, name, listing.items, backend.texts.renameExists);
            if ('close' in check) return null;
            try {
              await backend.rename(dialog.item, name);
              queryClient.setQueryData(driveKeys.name(backend, dialog.item.id), name);
              void tips.success(DriveText.RENAMED, TIP_SECONDS);
              await refresh();
              return null;
            } catch (err) {
              return nameRefusal(err, backend.texts.renameExists);
            }
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          backend={backend}
          currentFolderId={folderId}
          movedIds={dialog.ids}
          onMove={(target) => move(dialog.ids, target)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'recycle' ? <RecycleBin backend={backend} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'quota' ? <QuotaDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'share' ? (
        <ShareDialog variant={backend.variant} items={dialog.items} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'my-shares' ? (
        <MyShares variant={backend.variant} onClose={() => setDialog(null)} />
      ) : null}
      {previewing ? (
        <FilePreview
          backend={backend}
          items={listing.items}
          start={previewing}
          onDownload={(item) => void download([item])}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </div>
  );
}
