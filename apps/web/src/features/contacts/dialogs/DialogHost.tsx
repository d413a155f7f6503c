import type { Book } from '../book/book';
import { useAreaState } from '../state/area-state';
import { GroupCreateDialog } from './GroupCreateDialog';
import { GroupEditDialog } from './GroupEditDialog';
import { ImportExportDialog } from './ImportExportDialog';
import { MergeDialog } from './MergeDialog';
import { RecycleBinDialog } from './RecycleBinDialog';
import { TimeMachineDialog } from './TimeMachineDialog';

/** The one open pop-up of the screen, mounted only while open so each opens fresh. */
export function DialogHost({ book }: { book: Book }) {
  const { dialog, closeDialog } = useAreaState();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'recycle':
      return <RecycleBinDialog book={book} onClose={closeDialog} />;
    case 'timeMachine':
      return <TimeMachineDialog book={book} onClose={closeDialog} />;
    case 'merge':
      return <MergeDialog book={book} onClose={closeDialog} />;
    case 'importExport':
      return <ImportExportDialog book={book} onClose={closeDialog} />;
    case 'groupCreate':
      return <GroupCreateDialog book={book} onClose={closeDialog} />;
    case 'groupEdit':
      return <GroupEditDialog book={book} name={dialog.name} onClose={closeDialog} />;
  }
}
