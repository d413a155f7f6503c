import { HolderOutlined } from '@ant-design/icons';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { T } from '../texts';

/**
 * A note's drag handle, for the keyboard (Space picks it up, arrows move it): mouse and touch drag
 * the note by its body, so that Enter and Space on the body still act on the note.
 */
export function DragHandle({
  attributes,
  listeners,
}: {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button type="button" className="note-card__handle" aria-label={T.drag} {...attributes} {...listeners}>
      <HolderOutlined />
    </button>
  );
}
