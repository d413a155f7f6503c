import { checkGroupName } from '@phonecloud/shared';
import { Modal } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { useSkinButtonClass } from '../../../components/skin-context';
import { toast } from '../../../components/toast';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { T } from '../texts';
import { GroupNameField } from './GroupNameField';

/** New group: not empty, not taken, at most 12 characters (shared rules; the server checks too). */
export function GroupCreateDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const sync = useBookSync();
  const skin = useSkinButtonClass();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const problem = checkGroupName(name, book.groups);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await contactCalls.groupAdd(book.syncVersion, name.trim());
      await sync();
      toast.success(`已创建群组“${name.trim()}”`);
      onClose();
    } catch (e) {
      if (shouldReport(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={T.addGroup}
      okText={T.ok}
      cancelText={T.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ className: skin }}
      width={420}
      destroyOnHidden
    >
      <GroupNameField
        value={name}
        error={error}
        onChange={(v) => {
          setName(v);
          setError(null);
        }}
        onEnter={() => void submit()}
      />
    </Modal>
  );
}
