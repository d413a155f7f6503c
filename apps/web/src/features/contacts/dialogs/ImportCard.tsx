import { CloseOutlined, FileTextOutlined, ImportOutlined } from '@ant-design/icons';
import {
  ContactMsg,
  CSV_EXTENSION,
  IMPORT_MAX_FILES,
  type ImportResult,
  ImportText,
  VCARD_EXTENSION,
} from '@phonecloud/shared';
import { Button, Checkbox } from 'antd';
import { useRef, useState } from 'react';
import { shouldReport } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { uploadVcards } from '../api/import-upload';
import { T } from '../texts';

// Long enough to read the import summary before the page reloads (spec 001 §4: it reloads).
const RELOAD_AFTER_MS = 1500;

// vCard, or a CSV of Google's or Outlook's layout; anything else gets the spec's "only vCard" text.
const isContactsFile = (f: File) =>
  f.name.toLowerCase().endsWith(VCARD_EXTENSION) || f.name.toLowerCase().endsWith(CSV_EXTENSION);
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Import of several .vcf (or Google / Outlook .csv) files; after the counts, every skipped card and every dropped or cut field. */
export function ImportCard() {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [groups, setGroups] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    if (!chosen.every(isContactsFile)) {
      setError(ContactMsg.IMPORT_FORMAT);
      return;
    }
    setError(null);
    setFiles((prev) =>
      [...prev, ...chosen.filter((f) => !prev.some((p) => p.name === f.name))].slice(0, IMPORT_MAX_FILES),
    );
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await uploadVcards(files, { skipGroups: !groups });
      setResult(r);
      // With nothing to read, the page reloads as before; a report waits for the user.
      if (r.failed.length === 0 && r.warnings.length === 0) {
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      }
    } catch (e) {
      if (shouldReport(e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="io-card" aria-label={T.importVcard}>
      <h3 className="io-card__title">
        <ImportOutlined /> {T.importVcard}
      </h3>
      <p className="io-card__hint">{T.importHint}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept=".vcf,.csv,text/vcard,text/x-vcard,text/csv"
        className="visually-hidden"
        aria-label={T.chooseFiles}
        onChange={(e) => {
          choose(e.target.files);
          e.target.value = '';
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={busy || result !== null}>
        {T.chooseFiles}
      </Button>
      {files.length > 0 && (
        <ChosenFiles
          files={files}
          disabled={busy || result !== null}
          onRemove={(f) => setFiles(files.filter((x) => x !== f))}
        />
      )}
      <Checkbox
        checked={groups}
        disabled={busy || result !== null}
        onChange={(e) => setGroups(e.target.checked)}
      >
        {T.importGroups}
      </Checkbox>
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {result && <ImportReport result={result} several={files.length > 1} />}
      {result && (result.failed.length > 0 || result.warnings.length > 0) ? (
        <PrimaryButton onClick={() => window.location.reload()}>{T.reportFinish}</PrimaryButton>
      ) : (
        <PrimaryButton
          disabled={files.length === 0 || result !== null}
          loading={busy}
          onClick={() => void start()}
        >
          {T.startImport}
        </PrimaryButton>
      )}
    </section>
  );
}

/** The files chosen so far, each with its remove button. */
function ChosenFiles({
  files,
  disabled,
  onRemove,
}: {
  files: File[];
  disabled: boolean;
  onRemove: (file: File) => void;
}) {
  return (
    <ul className="io-files" aria-label="已选择的文件">
      {files.map((f) => (
        <li key={f.name} className="io-file">
          <FileTextOutlined />
          <span className="io-file__name" title={f.name}>
            {f.name}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={`移除 ${f.name}`}
            disabled={disabled}
            onClick={() => onRemove(f)}
          />
        </li>
      ))}
    </ul>
  );
}

function ImportReport({ result, several }: { result: ImportResult; several: boolean }) {
  return (
    <div className="io-report" role="status">
      <div className="io-done">{T.importDone(result.added, result.duplicates, result.failed.length)}</div>
      {result.failed.length > 0 && (
        <>
          <h4 className="io-report__title">{T.reportSkipped(result.failed.length)}</h4>
          <ul className="io-report__list" aria-label={T.reportSkipped(result.failed.length)}>
            {result.failed.map((f) => (
              <li key={`${f.file}#${f.index}`}>
                {ImportText.where(several ? f.file : null, f.index, f.name || T.reportNoName)}：{f.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.warnings.length > 0 && (
        <>
          <h4 className="io-report__title">{T.reportDropped(result.warnings.length)}</h4>
          <ul className="io-report__list" aria-label={T.reportDropped(result.warnings.length)}>
            {result.warnings.map((w, i) => (
              // Lines may repeat (two cards with the same cut); their place keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i}>{w}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
