import './drive.css';
import { DriveMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import { type DriveDialog, DriveDialogs } from './DriveDialogs';
import { DriveToolbar } from './DriveToolbar';
import { DropZone } from './DropZone';
import { ArrangeBar } from './find/ArrangeBar';
import { DriveBody } from './find/DriveBody';
import { useArrange } from './find/use-arrange';
import { chainRoute, parseChain } from './listing/chain';
import { DriveBreadcrumb } from './listing/DriveBreadcrumb';
import { driveKeys, useFolderListing } from './listing/use-folder-listing';
import { FilePreview } from './preview/FilePreview';
import { SpaceIndicator, useDriveQuota } from './SpaceIndicator';
import type { DriveBackend, DriveItem } from './types';
import { UploadPanel } from './upload/UploadPanel';
import { type DriveActions, useDriveActions } from './use-drive-actions';
import { useDriveUploads } from './use-drive-uploads';
import { useFolderSelection } from './use-folder-selection';

/** The drive of one variant at the folder its route names (`.../path=root.1001`). */
export function DriveScreen({ backend }: { backend: DriveBackend }) {
  const rest = useParams()['*'] ?? '';
  const chain = useMemo(() => parseChain(rest, backend.rootId), [rest, backend.rootId]);
  if (!chain) return <Navigate to={chainRoute(backend.variant, [backend.rootId])} replace />;
  return <DriveFolder backend={backend} chain={chain} />;
}

function DriveFolder({ backend, chain }: { backend: DriveBackend; chain: string[] }) {
  const folderId = chain.at(-1) ?? backend.rootId;
  const [tips, tipsHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  // Find and arrange: the remembered sort and view, a search instead of the folder, folder uploads.
  const arrange = useArrange(backend);
  const [query, setQuery] = useFolderSearch(folderId);
  const listing = useFolderListing(backend, folderId, arrange.ready ? arrange.prefs : null);
  const { items } = listing;
  const quota = useDriveQuota(backend);
  const [selected, setSelected] = useFolderSelection(folderId, items);
  const [dialog, setDialog] = useState<DriveDialog>(null);
  const [previewing, setPreviewing] = useState<DriveItem | null>(null);
  const actions = useDriveActions(backend, { tips, modal, clearSelection: () => setSelected(new Set()) });
  const onOverQuota = useCallback(() => setDialog({ kind: 'quota' }), []);
  const uploads = useDriveUploads(backend, folderId, { items, quota: quota.data, onOverQuota, modal });
  const open = useOpenFolder(backend, chain);
  const selectedItems = items.filter((i) => selected.has(i.id));

  return (
    <div className="drive" data-variant={backend.variant}>
      {tipsHolder}
      {modalHolder}
      <div className="drive-card">
        <DriveToolbar
          hasSelection={selected.size > 0}
          onUpload={uploads.chooseFiles}
          onUploadFolder={uploads.chooseFolder}
          {...selectionActions(selected, selectedItems, actions, setDialog)}
          space={<SpaceIndicator quota={quota.data} format={backend.formatSize} />}
        />
        {uploads.inputs}
        <DriveBreadcrumb backend={backend} chain={chain} />
        <ArrangeBar prefs={arrange.prefs} onChange={arrange.change} query={query} onSearch={setQuery} />
        <DropZone onDrop={uploads.drop}>
          <DriveBody
            backend={backend}
            view={arrange.prefs.view}
            query={query}
            onQueryDone={() => setQuery('')}
            items={items}
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
              preview: (item: DriveItem) =>
                item.damaged ? toast.error(DriveMsg.FILE_DAMAGED) : setPreviewing(item),
              ...rowActions(actions, setDialog),
            }}
          />
        </DropZone>
      </div>

      <UploadPanel queue={uploads.queue} formatSize={backend.formatSize} />
      <DriveDialogs
        dialog={dialog}
        backend={backend}
        folderId={folderId}
        items={items}
        actions={actions}
        tips={tips}
        onClose={() => setDialog(null)}
      />
      {previewing ? (
        <FilePreview
          backend={backend}
          items={items}
          start={previewing}
          onDownload={(item) => void actions.download([item])}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </div>
  );
}

/** The toolbar's buttons other than the uploads: the selection's actions and the dialogs. */
function selectionActions(
  selected: Set<string>,
  items: DriveItem[],
  actions: DriveActions,
  setDialog: (d: DriveDialog) => void,
) {
  return {
    onNewFolder: () => setDialog({ kind: 'new-folder' }),
    onMove: () => setDialog({ kind: 'move', ids: [...selected] }),
    onDelete: () => void actions.remove(items),
    onDownload: () => void actions.download(items),
    onRecycle: () => setDialog({ kind: 'recycle' }),
    onShare: () => setDialog({ kind: 'share', items }),
    onMyShares: () => setDialog({ kind: 'my-shares' }),
  };
}

/** A search replaces the folder's list until another folder opens. */
function useFolderSearch(folderId: string) {
  const search = useState('');
  const [, setQuery] = search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another folder shows the folder, not the last search.
  useEffect(() => setQuery(''), [folderId]);
  return search;
}

/** A row's own buttons. */
function rowActions(actions: DriveActions, setDialog: (d: DriveDialog) => void) {
  return {
    download: (item: DriveItem) => void actions.download([item]),
    rename: (item: DriveItem) => setDialog({ kind: 'rename', item }),
    share: (item: DriveItem) => setDialog({ kind: 'share', items: [item] }),
    remove: (item: DriveItem) => void actions.remove([item]),
  };
}

/** Opens a subfolder: its route appends its id, and its name is known before it is asked for. */
function useOpenFolder(backend: DriveBackend, chain: string[]) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (item: DriveItem) => {
    queryClient.setQueryData(driveKeys.name(backend, item.id), item.name);
    navigate(chainRoute(backend.variant, [...chain, item.id]));
  };
}
