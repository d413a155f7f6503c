import { PHOTO_ALBUM_NAME_MAX, PhotoMsg } from '@phonecloud/shared';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { isApiError, shouldReport } from '../../../api';
import { toast } from '../../../components/toast';

/**
 * An album's name, new or renamed. The server's refusal (相册名称已存在) is shown under the field
 * and the dialog stays open.
 */
export function NameDialog({
  title,
  initial = '',
  submit,
  onClose,
}: {
  title: string;
  initial?: string;
  submit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!name.trim()) return setError(PhotoMsg.ALBUM_NAME_EMPTY);
    setBusy(true);
    try {
      await submit(name.trim());
      onClose();
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') setError(err.message);
      else if (shouldReport(err)) toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void ok()}
      onCancel={onClose}
      destroyOnHidden
      className="photo-dialog"
    >
      <Input
        autoFocus
        aria-label="相册名称"
        placeholder="相册名称"
        value={name}
        maxLength={PHOTO_ALBUM_NAME_MAX}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        onPressEnter={() => void ok()}
      />
      <div className="field-error" role="alert">
        {error}
      </div>
    </Modal>
  );
}
