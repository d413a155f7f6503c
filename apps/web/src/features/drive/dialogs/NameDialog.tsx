import { DriveMsg, FOLDER_NAME_MAX } from '@phonecloud/shared';
import { Input, type InputRef, Modal } from 'antd';
import { useRef, useState } from 'react';
import { DriveText } from '../texts';

interface Props {
  title: string;
  initial: string;
  /** Folder names count to 38; file names are only checked on submit. */
  isFolder: boolean;
  /** The first broken rule's text, or null (checked before any call). */
  validate(name: string): string | null;
  /** Answers the text to show in the dialog when the server refuses, or null to close. */
  submit(name: string): Promise<string | null>;
  onClose(): void;
}

/** New folder and rename (spec 000 §5): the rule's text under the field, the dialog stays open. */
export function NameDialog({ title, initial, isFolder, validate, submit, onClose }: Props) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const selected = useRef(false);

  // The name without its extension is selected as the field first gets focus, so typing
  // replaces what is usually renamed. At focus, not on a timer: a selection moved after typing
  // began would splice the typed text into the old name.
  const selectBaseName = (field: HTMLInputElement) => {
    if (selected.current) return;
    selected.current = true;
    const dot = initial.lastIndexOf('.');
    if (field.value === initial) field.setSelectionRange(0, !isFolder && dot > 0 ? dot : initial.length);
  };

  const confirm = async () => {
    const broken = validate(name);
    if (broken) {
      setError(broken);
      return;
    }
    setBusy(true);
    try {
      const refused = await submit(name);
      if (refused) setError(refused);
      else onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={DriveText.OK}
      cancelText={DriveText.CANCEL}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      // The dialog takes the focus as it opens; the field gets it back unless it has it already
      // (a click or typing got there first).
      afterOpenChange={(open) => {
        if (open && document.activeElement !== input.current?.input) input.current?.focus();
      }}
      width={460}
      className="drive-dialog"
    >
      <Input
        ref={input}
        autoFocus
        onFocus={(e) => selectBaseName(e.target)}
        aria-label={title}
        value={name}
        status={error ? 'error' : undefined}
        placeholder={DriveText.NAME_PLACEHOLDER(DriveMsg.NAME_PLACEHOLDER_CHARS)}
        count={isFolder ? { show: true, max: FOLDER_NAME_MAX } : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        onPressEnter={() => void confirm()}
      />
      <div className="field-error" role="alert">
        {error}
      </div>
    </Modal>
  );
}
