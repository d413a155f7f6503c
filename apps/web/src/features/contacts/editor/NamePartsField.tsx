import { CONTACT_FIELD_MAX } from '@phonecloud/shared';
import { Input } from 'antd';
import { T } from '../texts';
import { EditorField } from './EditorField';
import type { NamePartsForm } from './editor-model';
import type { SectionProps } from './row-sections';

/** The parts in the order a card's N names them after the prefix. */
const PARTS: ReadonlyArray<{ key: keyof NamePartsForm; label: string }> = [
  { key: 'prefix', label: T.namePrefix },
  { key: 'family', label: T.familyName },
  { key: 'given', label: T.givenName },
  { key: 'middle', label: T.middleName },
  { key: 'suffix', label: T.nameSuffix },
];

/**
 * A structured name's parts (prefix, family, given, middle, suffix), shown where a contact has
 * them (a card from iOS, macOS or DAVx5): what is typed here is what the card's N says.
 */
export function NamePartsField({ form, setForm }: SectionProps) {
  const parts = form.nameParts;
  if (!parts) return null;
  const set = (key: keyof NamePartsForm, value: string) =>
    setForm((f) => (f.nameParts ? { ...f, nameParts: { ...f.nameParts, [key]: value } } : f));
  return (
    <EditorField label={T.nameParts}>
      <div className="editor-name-parts">
        {PARTS.map((p) => (
          <Input
            key={p.key}
            maxLength={CONTACT_FIELD_MAX}
            value={parts[p.key]}
            aria-label={p.label}
            placeholder={p.label}
            onChange={(e) => set(p.key, e.target.value)}
          />
        ))}
      </div>
    </EditorField>
  );
}
