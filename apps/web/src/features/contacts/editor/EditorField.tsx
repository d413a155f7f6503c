import type { ReactNode } from 'react';

/** A labelled block of the editor. */
export function EditorField({
  label,
  children,
  extra,
}: {
  label: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="editor-field">
      <div className="editor-field__label">{label}</div>
      <div className="editor-field__body">{children}</div>
      {extra && <div className="editor-field__extra">{extra}</div>}
    </div>
  );
}
