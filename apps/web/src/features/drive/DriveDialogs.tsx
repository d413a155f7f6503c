import { useQueryClient } from '@tanstack/react-query';
import type { MessageInstance } from 'antd/es/message/interface';
import { MoveDialog } from './dialogs/MoveDialog';
import { NameDialog } from './dialogs/NameDialog';
import { QuotaDialog } from './dialogs/QuotaDialog';
import { driveKeys } from './listing/use-folder-listing';
import { RecycleBin } from './RecycleBin';
import { newFolderError, renameCheck } from './rules';
import { MyShares } from './share/MyShares';
import { ShareDialog } from './share/ShareDialog';
import { DriveText } from './texts';
import type { DriveBackend, DriveItem } from './types';
import { type DriveActions, TIP_SECONDS } from './use-drive-actions';

/** The one dialog the drive screen may have open. */
export type DriveDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: DriveItem }
  | { kind: 'move'; ids: string[] }
  | { kind: 'recycle' }
  | { kind: 'quota' }
  | { kind: 'share'; items: DriveItem[] }
  | { kind: 'my-shares' }
  | null;

interface Props {
  dialog: DriveDialog;
  backend: DriveBackend;
  folderId: string;
  items: readonly DriveItem[];
  actions: DriveActions;
  tips: MessageInstance;
  onClose(): void;
}

export function DriveDialogs(props: Props) {
  const { dialog, backend, folderId, actions, onClose } = props;
  switch (dialog?.kind) {
    case 'new-folder':
      return <NewFolderDialog {...props} />;
    case 'rename':
      return <RenameDialog {...props} item={dialog.item} />;
    case 'move':
      return (
        <MoveDialog
          backend={backend}
          currentFolderId={folderId}
          movedIds={dialog.ids}
          onMove={(target) =>
            actions.move(
              props.items.filter((i) => dialog.ids.includes(i.id)),
              target,
            )
          }
          onClose={onClose}
        />
      );
    case 'recycle':
      return <RecycleBin backend={backend} onClose={onClose} />;
    case 'quota':
      return <QuotaDialog onClose={onClose} />;
    case 'share':
      return <ShareDialog variant={backend.variant} items={dialog.items} onClose={onClose} />;
    case 'my-shares':
      return <MyShares variant={backend.variant} onClose={onClose} />;
    default:
      return null;
  }
}

function NewFolderDialog({ backend, folderId, items, actions, tips, onClose }: Props) {
  return (
    <NameDialog
      title={DriveText.NEW_FOLDER}
      initial=""
      isFolder
      validate={(name) => newFolderError(name, items, backend.texts.folderExists)}
      submit={async (name) => {
        try {
          await backend.createFolder(folderId, name);
          void tips.success(DriveText.CREATED, TIP_SECONDS);
          await actions.refresh();
          return null;
        } catch (err) {
          return actions.nameRefusal(err, backend.texts.folderExists);
        }
      }}
      onClose={onClose}
    />
  );
}

function RenameDialog({ backend, items, actions, tips, onClose, item }: Props & { item: DriveItem }) {
  const queryClient = useQueryClient();
  const check = (name: string) => renameCheck(item, name, items, backend.texts.renameExists);
  return (
    <NameDialog
      title={DriveText.RENAME}
      initial={item.name}
      isFolder={item.type === 'folder'}
      validate={(name) => {
        const checked = check(name);
        return 'error' in checked ? checked.error : null;
      }}
      submit={async (name) => {
        if ('close' in check(name)) return null;
        try {
          await backend.rename(item, name);
          queryClient.setQueryData(driveKeys.name(backend, item.id), name);
          void tips.success(DriveText.RENAMED, TIP_SECONDS);
          await actions.refresh();
          return null;
        } catch (err) {
          return actions.nameRefusal(err, backend.texts.renameExists);
        }
      }}
      onClose={onClose}
    />
  );
}
