import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { CONTACT_FIELD_MAX, ImProtocol } from '@phonecloud/shared';
import { Button, Input, Select } from 'antd';
import {
  ADDRESS_TYPES,
  CALENDAR_KINDS,
  EMAIL_TYPES,
  EVENT_TYPES,
  IM_PROTOCOLS,
  PHONE_TYPES,
  WEBSITE_TYPES,
} from '../format/type-labels';
import { T } from '../texts';
import { AddressPartsFields } from './AddressPartsFields';
import { addressRowText, type EditorForm, toggleAddressParts } from './editor-model';
import { RowsSection, type SetForm } from './RowsSection';
import type { FormErrors } from './validate-form';

const MAX = { maxLength: CONTACT_FIELD_MAX };

/** What every section of the editor works on. */
export interface SectionProps {
  form: EditorForm;
  setForm: SetForm;
  errors: FormErrors;
}

export function PhoneRows(props: SectionProps) {
  return (
    <RowsSection
      list="phones"
      label={T.phone}
      {...props}
      render={(row, patch) => ({
        types: PHONE_TYPES,
        input: (
          <Input
            {...MAX}
            value={row.number}
            aria-label={T.phone}
            placeholder={T.phone}
            onChange={(e) => patch({ number: e.target.value })}
          />
        ),
      })}
    />
  );
}

export function EmailRows(props: SectionProps) {
  return (
    <RowsSection
      list="emails"
      label={T.email}
      {...props}
      render={(row, patch) => ({
        types: EMAIL_TYPES,
        input: (
          <Input
            {...MAX}
            value={row.address}
            aria-label={T.email}
            placeholder={T.email}
            onChange={(e) => patch({ address: e.target.value })}
          />
        ),
      })}
    />
  );
}

/** Instant-messaging accounts: the protocol, its own name when custom, and the account. */
export function ImRows(props: SectionProps) {
  return (
    <RowsSection
      list="ims"
      label={T.im}
      {...props}
      render={(row, patch) => ({
        input: (
          <>
            <Select
              className="editor-row__type"
              value={row.protocol}
              aria-label={`${T.im}类型`}
              options={IM_PROTOCOLS.map(([value, label]) => ({ value, label }))}
              onChange={(protocol) => patch({ protocol })}
              popupMatchSelectWidth={false}
            />
            {row.protocol === ImProtocol.CUSTOM && (
              <Input
                {...MAX}
                className="editor-row__custom"
                value={row.customProtocol}
                aria-label={T.customProtocol}
                placeholder={T.customProtocol}
                onChange={(e) => patch({ customProtocol: e.target.value })}
              />
            )}
            <Input
              {...MAX}
              value={row.address}
              aria-label={T.im}
              placeholder="账号"
              onChange={(e) => patch({ address: e.target.value })}
            />
          </>
        ),
      })}
    />
  );
}

/** Addresses: one line, as the spec shows it; with parts it shows them joined and opens them. */
export function AddressRows(props: SectionProps) {
  return (
    <RowsSection
      list="addresses"
      label={T.address}
      {...props}
      render={(row, patch) => ({
        types: ADDRESS_TYPES,
        input: (
          <>
            <Input
              {...MAX}
              className="editor-row__address"
              value={addressRowText(row)}
              readOnly={row.detailed}
              aria-label={T.address}
              placeholder={T.address}
              onChange={(e) => patch({ text: e.target.value })}
              onClick={row.detailed && !row.open ? () => patch(toggleAddressParts(row)) : undefined}
            />
            <Button
              type="text"
              className="editor-row__parts"
              icon={row.open ? <UpOutlined /> : <DownOutlined />}
              aria-label={row.open ? T.addressPartsClose : T.addressPartsOpen}
              title={row.open ? T.addressPartsClose : T.addressPartsOpen}
              aria-expanded={row.open}
              onClick={() => patch(toggleAddressParts(row))}
            />
          </>
        ),
        below: row.open ? <AddressPartsFields row={row} onChange={(parts) => patch({ parts })} /> : undefined,
      })}
    />
  );
}

/** Dates (birthday, anniversary…), solar or lunar. */
export function EventRows(props: SectionProps) {
  return (
    <RowsSection
      list="events"
      label={T.event}
      {...props}
      render={(row, patch) => ({
        types: EVENT_TYPES,
        input: (
          <>
            <Select
              className="editor-row__calendar"
              value={row.lunar}
              aria-label="历法"
              options={CALENDAR_KINDS.map(([value, label]) => ({ value, label }))}
              onChange={(lunar) => patch({ lunar })}
            />
            <Input
              value={row.date}
              aria-label={T.event}
              placeholder="年-月-日，例如 2011-06-09"
              maxLength={10}
              onChange={(e) => patch({ date: e.target.value })}
            />
          </>
        ),
      })}
    />
  );
}

export function NicknameRows(props: SectionProps) {
  return (
    <RowsSection
      list="nicknames"
      label={T.nickname}
      {...props}
      render={(row, patch) => ({
        input: (
          <Input
            {...MAX}
            value={row.name}
            aria-label={T.nickname}
            placeholder={T.nickname}
            onChange={(e) => patch({ name: e.target.value })}
          />
        ),
      })}
    />
  );
}

export function WebsiteRows(props: SectionProps) {
  return (
    <RowsSection
      list="websites"
      label={T.website}
      {...props}
      render={(row, patch) => ({
        types: WEBSITE_TYPES,
        input: (
          <Input
            {...MAX}
            value={row.url}
            aria-label={T.website}
            placeholder="例如 https://example.com"
            onChange={(e) => patch({ url: e.target.value })}
          />
        ),
      })}
    />
  );
}
