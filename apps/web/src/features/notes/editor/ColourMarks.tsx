import { NOTE_COLOR_NAMES } from '@phonecloud/shared';
import { useId } from 'react';
import { T } from '../texts';

/** The four colour marks (`classify` 0-3) as a radio group of swatches. */
export function ColourMarks({ value, onChange }: { value: number; onChange(classify: number): void }) {
  const name = useId();
  return (
    <fieldset className="note-colours">
      <legend className="notes-sr-only">{T.colour}</legend>
      {NOTE_COLOR_NAMES.map((label, classify) => (
        <label key={label} className={`note-colours__swatch note-colour-${classify}`} title={label}>
          <input
            type="radio"
            name={name}
            className="note-colours__input"
            aria-label={label}
            checked={value === classify}
            onChange={() => onChange(classify)}
          />
        </label>
      ))}
    </fieldset>
  );
}
