import type { ReactNode } from 'react';
import { EditorField } from './EditorField';
import { changeRow, type EditorForm, type RowListKey, type RowOf, removeRow } from './editor-model';
import { RowLine } from './RowLine';
import { type FormErrors, rowErrorKey } from './validate-form';

export type SetForm = (update: (form: EditorForm) => EditorForm) => void;

interface RowView {
  types?: ReadonlyArray<readonly [number, string]>;
  input: ReactNode;
  below?: ReactNode;
}

interface Props<K extends RowListKey> {
  list: K;
  label: string;
  form: EditorForm;
  setForm: SetForm;
  errors: FormErrors;
  /** The inputs of one row; `patch` changes it (and adds a new row after the last one). */
  render(row: RowOf<K>, patch: (p: Partial<RowOf<K>>) => void): RowView;
}

/** A section of rows (phones, e-mails, addresses…): each with its type, input and delete icon. */
export function RowsSection<K extends RowListKey>({ list, label, form, setForm, errors, render }: Props<K>) {
  const rows = form[list] as RowOf<K>[];
  return (
    <EditorField label={label}>
      <div className="editor-rows" data-section={list}>
        {rows.map((row) => {
          const patch = (p: Partial<RowOf<K>>) =>
            setForm((f) => ({ ...f, [list]: changeRow(list, f[list] as RowOf<K>[], row.key, p) }));
          const view = render(row, patch);
          const type = 'type' in row ? row.type : undefined;
          return (
            <RowLine
              key={row.key}
              types={view.types}
              type={type}
              typeLabel={`${label}类型`}
              onType={(t) => patch({ type: t } as Partial<RowOf<K>>)}
              error={errors[rowErrorKey(list, row.key)]}
              below={view.below}
              onRemove={() => setForm((f) => removeRow(f, list, row.key))}
            >
              {view.input}
            </RowLine>
          );
        })}
      </div>
    </EditorField>
  );
}
