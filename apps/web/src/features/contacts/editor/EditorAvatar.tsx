import { CameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { AvatarDialog } from '../dialogs/AvatarDialog';
import { T } from '../texts';
import type { EditorForm } from './editor-model';
import type { SetForm } from './RowsSection';

/** The avatar at the top of the editor: set or change it through the crop dialog, or remove it. */
export function EditorAvatar({ form, setForm }: { form: EditorForm; setForm: SetForm }) {
  const [open, setOpen] = useState(false);
  const label = form.avatar ? T.changeAvatar : T.setAvatar;
  return (
    <div className="editor-avatar">
      <button
        type="button"
        className="editor-avatar__button"
        onClick={() => setOpen(true)}
        aria-label={label}
      >
        <ContactAvatar name={form.name} url={form.avatar} size={72} />
        <span className="editor-avatar__badge">
          <CameraOutlined />
        </span>
      </button>
      <div className="editor-avatar__links">
        <Button type="link" size="small" onClick={() => setOpen(true)}>
          {label}
        </Button>
        {form.avatar && (
          <Button type="link" size="small" onClick={() => setForm((f) => ({ ...f, avatar: null }))}>
            {T.removeAvatar}
          </Button>
        )}
      </div>
      <AvatarDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(cloudPath) => {
          setOpen(false);
          setForm((f) => ({ ...f, avatar: cloudPath }));
        }}
      />
    </div>
  );
}
