import { CheckCircleFilled, CopyOutlined, LinkOutlined } from '@ant-design/icons';
import {
  normalizeShareCode,
  SHARE_CODE_LENGTH,
  SHARE_DEFAULT_EXPIRY_DAYS,
  SHARE_EXPIRY_DAYS,
  type ShareExpiryDays,
  ShareMsg,
  ShareText,
  shareClipboardText,
} from '@phonecloud/shared';
import { Button, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { DriveVariant } from '../../../api';
import { toast } from '../../../components/toast';
import { reportError } from '../report';
import type { DriveItem } from '../types';
import { copyText } from './clipboard';
import { type CodeChoice, type ShareEntry, shareApiFor } from './share-api';
import './share.css';

type CodeMode = 'random' | 'custom' | 'none';

interface Props {
  variant: DriveVariant;
  items: readonly DriveItem[];
  onClose(): void;
  /** After a link is made (the list of shares may refresh). */
  onCreated?(entry: ShareEntry): void;
}

/** Origin of a link as the server wrote it (PUBLIC_URL, or the address the portal was reached at). */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return window.location.origin;
  }
};

/**
 * The share dialog of both faces: expiry (1 / 7 / 30 days, never) and the extraction code
 * (random, the owner's own, or none), then the link with copy. The newer face is laid out as a
 * stacked card with a row of expiry buttons; the older one as a labelled form with radio rows.
 */
export function ShareDialog({ variant, items, onClose, onCreated }: Props) {
  const v2 = variant === 'alipan';
  const [days, setDays] = useState<ShareExpiryDays>(SHARE_DEFAULT_EXPIRY_DAYS);
  const [mode, setMode] = useState<CodeMode>('random');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareEntry | null>(null);
  const first = items[0]?.name ?? '';

  const create = async () => {
    const code = codeOf(mode, custom);
    if (code === null) {
      setError(ShareMsg.CODE_FORMAT);
      return;
    }
    setBusy(true);
    try {
      const entry = await shareApiFor(variant).create(
        items.map((i) => i.id),
        days,
        code,
      );
      setMade(entry);
      onCreated?.(entry);
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <div className="share-form">
      <div className="share-form__row">
        <span className="share-form__label">{ShareText.EXPIRY}</span>
        <div className="share-form__field" data-testid="share-expiry">
          <ExpiryChoice v2={v2} days={days} onChange={setDays} />
        </div>
      </div>
      <div className="share-form__row">
        <span className="share-form__label">{ShareText.CODE}</span>
        <div className="share-form__field">
          <CodeField
            mode={mode}
            custom={custom}
            error={error}
            onMode={(m) => {
              setMode(m);
              setError(null);
            }}
            onCustom={(text) => {
              setCustom(text);
              setError(null);
            }}
            onEnter={() => void create()}
          />
        </div>
      </div>
    </div>
  );

  const footer = made ? (
    <>
      <Button onClick={onClose}>{ShareText.CLOSE}</Button>
      <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyLink(made)}>
        {v2 ? ShareText.COPY_V2 : made.pwd ? ShareText.COPY_V1 : ShareText.COPY}
      </Button>
    </>
  ) : (
    <Button type="primary" loading={busy} onClick={() => void create()}>
      {v2 ? ShareText.CREATE_V2 : ShareText.CREATE_V1}
    </Button>
  );

  return (
    <Modal
      open
      title={v2 ? ShareText.TITLE_V2 : ShareText.titleV1(first, items.length)}
      onCancel={onClose}
      footer={footer}
      width={v2 ? 480 : 560}
      className={`drive-dialog share-dialog share-dialog--${variant}`}
      destroyOnHidden
    >
      {v2 && !made ? (
        <p className="share-dialog__what" title={first}>
          {items.length > 1 ? `${first}等${items.length}个文件` : first}
        </p>
      ) : null}
      {made ? <ShareResult v2={v2} made={made} /> : form}
    </Modal>
  );
}

function ExpiryChoice({
  v2,
  days,
  onChange,
}: {
  v2: boolean;
  days: ShareExpiryDays;
  onChange(days: ShareExpiryDays): void;
}) {
  return v2 ? (
    <Radio.Group
      className="share-form__expiry"
      optionType="button"
      buttonStyle="solid"
      value={days}
      onChange={(e) => onChange(e.target.value as ShareExpiryDays)}
      options={SHARE_EXPIRY_DAYS.map((d) => ({ value: d, label: ShareText.EXPIRY_NAMES[d] }))}
    />
  ) : (
    <Radio.Group value={days} onChange={(e) => onChange(e.target.value as ShareExpiryDays)}>
      {SHARE_EXPIRY_DAYS.map((d) => (
        <Radio key={d} value={d}>
          {ShareText.EXPIRY_NAMES[d]}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** The extraction code: random, the owner's own (with its rule or its error), or none. */
function CodeField({
  mode,
  custom,
  error,
  onMode,
  onCustom,
  onEnter,
}: {
  mode: CodeMode;
  custom: string;
  error: string | null;
  onMode(mode: CodeMode): void;
  onCustom(text: string): void;
  onEnter(): void;
}) {
  return (
    <>
      <Radio.Group
        className="share-form__codes"
        value={mode}
        onChange={(e) => onMode(e.target.value as CodeMode)}
      >
        <Radio value="random">{ShareText.CODE_RANDOM}</Radio>
        <Radio value="custom">{ShareText.CODE_CUSTOM}</Radio>
        <Radio value="none">{ShareText.CODE_NONE}</Radio>
      </Radio.Group>
      {mode === 'custom' ? (
        <Input
          className="share-form__code"
          aria-label={ShareText.CODE}
          maxLength={SHARE_CODE_LENGTH}
          placeholder={ShareText.CODE_PLACEHOLDER}
          value={custom}
          status={error ? 'error' : undefined}
          onChange={(e) => onCustom(e.target.value)}
          onPressEnter={onEnter}
        />
      ) : null}
      {error ? (
        <div className="share-form__error" role="alert">
          {error}
        </div>
      ) : mode === 'custom' ? (
        <div className="share-form__hint">{ShareText.CODE_HINT}</div>
      ) : null}
    </>
  );
}

/** The link made, its code and expiry. */
function ShareResult({ v2, made }: { v2: boolean; made: ShareEntry }) {
  return (
    <div className="share-result" data-testid="share-result">
      <p className="share-result__ok">
        <CheckCircleFilled />{' '}
        {v2 ? ShareText.CREATED_V2 : made.pwd ? ShareText.CREATED_V1 : ShareText.CREATED_PUBLIC}
      </p>
      <div className="share-result__line">
        <span className="share-form__label">{ShareText.LINK}</span>
        <Input readOnly value={made.url} prefix={<LinkOutlined />} data-testid="share-link" />
      </div>
      {made.pwd ? (
        <div className="share-result__line">
          <span className="share-form__label">{ShareText.CODE}</span>
          <Input readOnly value={made.pwd} className="share-result__code" data-testid="share-code" />
        </div>
      ) : null}
      <p className="share-result__expiry">
        {ShareText.EXPIRY}：{ShareText.EXPIRY_NAMES[made.days]}
      </p>
    </div>
  );
}

/** The code to ask for: random (undefined), none (''), the owner's own, or null when that is malformed. */
function codeOf(mode: CodeMode, custom: string): CodeChoice | null {
  if (mode === 'none') return '';
  if (mode === 'custom') return normalizeShareCode(custom);
  return undefined;
}

async function copyLink(made: ShareEntry) {
  const ok = await copyText(shareClipboardText(originOf(made.url), made.id, made.pwd));
  if (ok) toast.success(ShareText.COPIED);
  else toast.error(ShareText.COPY_FAILED);
}
