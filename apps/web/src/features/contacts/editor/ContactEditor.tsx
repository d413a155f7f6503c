import type { Contact } from '@phonecloud/shared';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PrimaryButton } from '../../../components/PrimaryButton';
import type { Book } from '../book/book';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';
import { EditorAvatar } from './EditorAvatar';
import { type EditorForm, formOf } from './editor-model';
import { IdentityFields } from './IdentityFields';
import { GroupsField, MoreSections, NoteField } from './OptionalFields';
import type { SetForm } from './RowsSection';
import {
  AddressRows,
  EmailRows,
  EventRows,
  ImRows,
  NicknameRows,
  PhoneRows,
  WebsiteRows,
} from './row-sections';
import { useEditorSave } from './use-editor-save';

/** /contact/editor and /contact/editor/{id}. */
export function ContactEditor({ book }: { book: Book }) {
  const { id } = useParams();
  const contact = id ? book.byId.get(id) : undefined;
  if (id && !contact) {
    return book.loaded ? <Navigate to={ContactRoute.index} replace /> : <Spin className="contacts-loading" />;
  }
  return <EditorScreen key={id ?? 'new'} book={book} original={contact ?? null} />;
}

function EditorScreen({ book, original: shown }: { book: Book; original: Contact | null }) {
  const navigate = useNavigate();
  // The contact as it was when editing began: its version_code goes with the save, so a change
  // made meanwhile elsewhere is refused rather than overwritten.
  const [original] = useState(shown);
  const [form, setFormState] = useState<EditorForm>(() => formOf(original));
  const setForm: SetForm = (update) => setFormState(update);
  const { errors, formError, saving, save } = useEditorSave(original, form);
  const isOpen = (k: EditorForm['open'][number]) => form.open.includes(k);
  const fields = { form, setForm, errors };

  return (
    <form
      className="contact-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <header className="contact-editor__head">
        <h2>{original ? T.editTitle : T.newTitle}</h2>
      </header>
      {/* Above the scrolling fields, so the server's answer is seen wherever the form is scrolled. */}
      {formError && <Alert className="editor-alert" type="error" showIcon title={formError} role="alert" />}
      <div className="contact-editor__body">
        <EditorAvatar form={form} setForm={setForm} />
        <IdentityFields {...fields} />
        <PhoneRows {...fields} />
        <EmailRows {...fields} />
        {isOpen('im') && <ImRows {...fields} />}
        {isOpen('address') && <AddressRows {...fields} />}
        {isOpen('event') && <EventRows {...fields} />}
        {isOpen('note') && <NoteField form={form} setForm={setForm} />}
        {isOpen('nickname') && <NicknameRows {...fields} />}
        {isOpen('website') && <WebsiteRows {...fields} />}
        <GroupsField book={book} form={form} setForm={setForm} />
        <MoreSections form={form} setForm={setForm} />
      </div>
      <footer className="contact-editor__foot">
        <Button
          onClick={() => navigate(original ? ContactRoute.detail(original.server_id) : ContactRoute.root)}
        >
          {T.cancel}
        </Button>
        <PrimaryButton htmlType="submit" loading={saving}>
          {T.save}
        </PrimaryButton>
      </footer>
    </form>
  );
}
