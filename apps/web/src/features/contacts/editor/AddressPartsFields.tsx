import {
  ADDRESS_DISPLAY_ORDER,
  ADDRESS_PART_FIELD,
  type AddressPart,
  type AddressParts,
  CONTACT_FIELD_MAX,
  contactFieldLabel,
} from '@phonecloud/shared';
import { Input } from 'antd';
import type { AddressRow } from './editor-model';

/** Parts every address offers; a PO box or an extended part is shown only when the address has one. */
const ALWAYS: ReadonlySet<AddressPart> = new Set(['country', 'region', 'city', 'street', 'postcode']);

/**
 * An address's parts under its line, in the order they are shown joined (country, region, city,
 * street, postcode); each holds up to 40 characters.
 */
export function AddressPartsFields({
  row,
  onChange,
}: {
  row: AddressRow;
  onChange(parts: AddressParts): void;
}) {
  const shown = ADDRESS_DISPLAY_ORDER.filter((p) => ALWAYS.has(p) || row.parts[p] !== '');
  return (
    <div className="editor-address-parts">
      {shown.map((p) => {
        const label = contactFieldLabel(ADDRESS_PART_FIELD[p]);
        return (
          <Input
            key={p}
            className={`editor-address-parts__${p}`}
            maxLength={CONTACT_FIELD_MAX}
            value={row.parts[p]}
            aria-label={label}
            placeholder={label}
            onChange={(e) => onChange({ ...row.parts, [p]: e.target.value })}
          />
        );
      })}
    </div>
  );
}
