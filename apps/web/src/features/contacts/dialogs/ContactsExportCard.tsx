import { ExportOutlined } from '@ant-design/icons';
import { ContactMsg, type CsvLayout, type VcardVersion } from '@phonecloud/shared';
import { Radio, Select } from 'antd';
import { useState } from 'react';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { ExportOutcome, useExportRun } from '../../../components/use-export-run';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useAreaState } from '../state/area-state';
import { T } from '../texts';

type Scope = 'whole' | 'group' | 'selected';
type Format = 'vcard3' | 'vcard4' | 'google' | 'outlook';
const FORMATS: Record<Format, { version?: VcardVersion; csv?: CsvLayout }> = {
  vcard3: { version: '3.0' },
  vcard4: { version: '4.0' },
  google: { csv: 'google' },
  outlook: { csv: 'outlook' },
};

/**
 * Export of the whole book, one group, or the contacts checked in the list, as vCard 3.0 (what
 * phones read best, the default) or 4.0, or a CSV Google Contacts or Outlook imports.
 */
export function ContactsExportCard({ book }: { book: Book }) {
  const { selected, group: openGroup } = useAreaState();
  const live = [...selected].filter((id) => book.byId.has(id));
  const [scope, setScope] = useState<Scope>(live.length > 0 ? 'selected' : 'whole');
  const [group, setGroup] = useState<string | undefined>(
    openGroup && book.groups.includes(openGroup) ? openGroup : book.groups[0],
  );
  const [format, setFormat] = useState<Format>('vcard3');
  const run = useExportRun(ContactMsg.DOWNLOAD_FAILED);
  // An empty book (or group) answers 1012 with '暂无联系人,无导出数据！'.
  const start = () =>
    run.start(() =>
      contactCalls.exportBook(book.syncVersion, {
        ...FORMATS[format],
        ...(scope === 'group' && group !== undefined ? { group } : {}),
        ...(scope === 'selected' ? { ids: live } : {}),
      }),
    );

  return (
    <section className="io-card" aria-label={T.exportVcard}>
      <h3 className="io-card__title">
        <ExportOutlined /> {T.exportVcard}
      </h3>
      <p className="io-card__hint">{T.exportHint}</p>
      <Radio.Group
        className="io-options"
        aria-label={T.exportScope}
        value={scope}
        onChange={(e) => setScope(e.target.value as Scope)}
      >
        <Radio value="whole">{T.exportWhole}</Radio>
        <Radio value="group" disabled={book.groups.length === 0}>
          {T.exportGroup}
        </Radio>
        {live.length > 0 && <Radio value="selected">{T.exportSelected(live.length)}</Radio>}
      </Radio.Group>
      {scope === 'group' && (
        <Select
          className="io-select"
          aria-label={T.exportGroupPick}
          value={group}
          onChange={setGroup}
          options={book.groups.map((g) => ({ value: g, label: g }))}
        />
      )}
      <Radio.Group
        className="io-options"
        aria-label={T.exportFormat}
        value={format}
        onChange={(e) => setFormat(e.target.value as Format)}
      >
        <Radio value="vcard3">{T.exportV3}</Radio>
        <Radio value="vcard4">{T.exportV4}</Radio>
        <Radio value="google">{T.exportGoogleCsv}</Radio>
        <Radio value="outlook">{T.exportOutlookCsv}</Radio>
      </Radio.Group>
      <div className="io-card__fill" />
      <ExportOutcome run={run} doneText={T.exportStarted} doneClass="io-done" />
      <PrimaryButton loading={run.busy} onClick={() => void start()}>
        {T.startExport}
      </PrimaryButton>
    </section>
  );
}
