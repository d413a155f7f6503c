import { checkGroupName } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useSkinButtonClass } from '../../../components/skin-context';
import { toast } from '../../../components/toast';
import { callFailure } from '../api/call-failure';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { currentBook, useBookSync } from '../book/use-book';
import { useAreaState } from '../state/area-state';
import { T } from '../texts';
import { GroupNameField } from './GroupNameField';

/**
 * Rename or delete a group. Renaming to the same name only closes the dialog; deleting keeps the
 * group's contacts.
 */
export function GroupEditDialog({ book, name, onClose }: { book: Book; name: string; onClose(): void }) {
  const skin = useSkinButtonClass();
  const [value, setValue] = useState(name);
  const edit = useGroupEdit(book, name, onClose);

  return (
    <Modal
      open
      title={T.editGroup}
      onCancel={onClose}
      width={420}
      destroyOnHidden
      footer={[
        <Button key="delete" danger className="dialog-foot__left" onClick={edit.remove}>
          {T.deleteGroup}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          className={skin}
          loading={edit.saving}
          onClick={() => void edit.rename(value)}
        >
          {T.ok}
        </Button>,
      ]}
    >
      {edit.modalHolder}
      <GroupNameField
        value={value}
        error={edit.error}
        onChange={(v) => {
          setValue(v);
          edit.setError(null);
        }}
        onEnter={() => void edit.rename(value)}
      />
    </Modal>
  );
}

/** The group's rename and delete calls, with the dialog's error, saving state and confirmation. */
function useGroupEdit(book: Book, name: string, onClose: () => void) {
  const qc = useQueryClient();
  const sync = useBookSync();
  const { group, setGroup } = useAreaState();
  const [modal, modalHolder] = Modal.useModal();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A refusal (a group or a member gone meanwhile) means the book is behind: sync it, so the
  // panel shows what is true and a second try sends current data.
  const fail = async (e: unknown) => {
    const failed = callFailure(e);
    if (failed.text) setError(failed.text);
    if (failed.resync) await sync();
  };

  const rename = async (value: string) => {
    const next = value.trim();
    if (next === name) {
      onClose();
      return;
    }
    const problem = checkGroupName(
      next,
      book.groups.filter((g) => g !== name),
    );
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      // update.do makes the contacts sent exactly the group's members (spec §7 `server_ids`):
      // sync first, so that a contact put in the group on the phone since the last poll is sent
      // too rather than dropped from the group by a rename.
      await sync();
      const now = currentBook(qc) ?? book;
      await contactCalls.groupRename(now.syncVersion, name, next, now.groupMembers[name] ?? []);
      await sync();
      if (group === name) setGroup(next);
      toast.success(`已重命名为“${next}”`);
      onClose();
    } catch (e) {
      await fail(e);
    } finally {
      setSaving(false);
    }
  };

  const remove = () =>
    void modal.confirm({
      title: T.deleteGroup,
      content: T.deleteGroupConfirm(name),
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        try {
          await contactCalls.groupDelete(book.syncVersion, name, book.groupMembers[name] ?? []);
          await sync();
          if (group === name) setGroup(null);
          toast.success(`已删除群组“${name}”`);
          onClose();
        } catch (e) {
          await fail(e);
        }
      },
    });

  return { error, setError, saving, rename, remove, modalHolder };
}
