import { type ReactNode, useState } from 'react';
import { DriveText } from './texts';

/** The list as a drop target for files from the desktop, outlined while they are held over it. */
export function DropZone({ onDrop, children }: { onDrop(data: DataTransfer): void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut for the upload button.
    <div
      className={`drive-drop${dragging ? ' is-dragging' : ''}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onDrop(e.dataTransfer);
      }}
      data-drop-hint={DriveText.DROP_HINT}
    >
      {children}
    </div>
  );
}
