import { CameraOutlined, DownOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import {
  CONTACT_FIELD_MAX,
  CONTACT_NOTE_MAX,
  type Contact,
  ContactMsg,
  GROUP_TRUNCATE_DETAIL,
  ImProtocol,
  validateContactContent,
} from '@phonecloud/shared';
import { Alert, Button, Checkbox, Dropdown, Input, Select, Spin } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { shouldReport } from '../../../api';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { AvatarDialog } from '../dialogs/AvatarDialog';
import { truncate } from '../format/truncate';
import {
  ADDRESS_TYPES,
  CALENDAR_KINDS,
  EMAIL_TYPES,
  EVENT_TYPES,
  IM_PROTOCOLS,
  PHONE_TYPES,
  WEBSITE_TYPES,
} from '../format/type-labels';
import { useAreaState } from '../state/area-state';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';
import { AddressPartsFields } from './AddressPartsFields';
import { EditorField } from './EditorField';
import {
  addressRowText,
  attachmentOf,
  closeSection,
  contentOf,
  type EditorForm,
  formOf,
  OPTIONAL_SECTIONS,
  openSection,
  toggleAddressParts,
} from './editor-model';
import { RowsSection, type SetForm } from './RowsSection';
import { type FormErrors, validateForm } from './validate-form';

/** /contact/editor and /contact/editor/{id}. */
export function ContactEditor({ book }: { book: Book }) {
  const { id } = useParams();
  const contact = id ? book.byId.get(id) : undefined;
  if (id && !contact) {
    return book.loaded ? <Navigate to={ContactRoute.index} replace /> : <Spin className="contacts-loading" />;
  }
  return <EditorScreen key={id ?? 'new'} book={book} original={contact ?? null} />;
}

const MAX = { maxLength: CONTACT_FIELD_MAX };

function EditorScreen({ book, original: shown }: { book: Book; original: Contact | null }) {
  const navigate = useNavigate();
  const sync = useBookSync();
  const { openDialog } = useAreaState();
  // The contact as it was when editing began: its version_code goes with the save, so a change
  // made meanwhile elsewhere is refused rather than overwritten.
  const [original] = useState(shown);
  const [form, setFormState] = useState<EditorForm>(() => formOf(original));
  // Inline errors appear with the first save and then follow the text as it is fixed.
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);

  const setForm: SetForm = (update) => setFormState(update);
  const errors: FormErrors = checking ? validateForm(form) : {};
  const isOpen = (k: EditorForm['open'][number]) => form.open.includes(k);
  const menu = OPTIONAL_SECTIONS.filter((s) => !isOpen(s.key));

  const cancel = () => navigate(original ? ContactRoute.detail(original.server_id) : ContactRoute.root);

  const save = async () => {
    const found = validateForm(form);
    setChecking(true);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const content = contentOf(form, original);
    const check = validateContactContent(content);
    if (!check.ok) {
      setFormError(check.message);
      return;
    }
    setSaving(true);
    try {
      const saved = await contactCalls.save({
        ...(original ? { server_id: original.server_id, version_code: original.version_code } : {}),
        content,
        attachment: attachmentOf(form),
      });
      await sync();
      toast.success(T.saved);
      navigate(ContactRoute.detail(saved.server_id));
    } catch (error) {
      if (shouldReport(error)) setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

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
        <div className="editor-avatar">
          <button
            type="button"
            className="editor-avatar__button"
            onClick={() => setAvatarOpen(true)}
            aria-label={form.avatar ? T.changeAvatar : T.setAvatar}
          >
            <ContactAvatar name={form.name} url={form.avatar} size={72} />
            <span className="editor-avatar__badge">
              <CameraOutlined />
            </span>
          </button>
          <div className="editor-avatar__links">
            <Button type="link" size="small" onClick={() => setAvatarOpen(true)}>
              {form.avatar ? T.changeAvatar : T.setAvatar}
            </Button>
            {form.avatar && (
              <Button type="link" size="small" onClick={() => setForm((f) => ({ ...f, avatar: null }))}>
                {T.removeAvatar}
              </Button>
            )}
          </div>
        </div>

        <EditorField label={T.name}>
          <Input
            {...MAX}
            value={form.name}
            aria-label={T.name}
            placeholder={T.name}
            status={errors.name ? 'error' : undefined}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          {errors.name && (
            <div className="field-error" role="alert">
              {errors.name}
            </div>
          )}
        </EditorField>
        {isOpen('phonetic') && (
          <EditorField
            label={T.phonetic}
            extra={<CloseLink onClick={() => setForm((f) => closeSection(f, 'phonetic'))} />}
          >
            <Input
              {...MAX}
              value={form.phonetic}
              aria-label={T.phonetic}
              placeholder="例如 zhangsan"
              onChange={(e) => setForm((f) => ({ ...f, phonetic: e.target.value }))}
            />
          </EditorField>
        )}
        <EditorField label={T.company}>
          <div className="editor-pair">
            <Input
              {...MAX}
              value={form.company}
              aria-label={T.company}
              placeholder={T.company}
              onChange={(e) => setForm((f) => ({ ...f, company: e.target.value }))}
            />
            <Input
              {...MAX}
              value={form.title}
              aria-label={T.jobTitle}
              placeholder={T.jobTitle}
              onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
            />
          </div>
        </EditorField>

        <RowsSection
          list="phones"
          label={T.phone}
          form={form}
          setForm={setForm}
          errors={errors}
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
        <RowsSection
          list="emails"
          label={T.email}
          form={form}
          setForm={setForm}
          errors={errors}
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
        {isOpen('im') && (
          <RowsSection
            list="ims"
            label={T.im}
            form={form}
            setForm={setForm}
            errors={errors}
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
        )}
        {isOpen('address') && (
          <RowsSection
            list="addresses"
            label={T.address}
            form={form}
            setForm={setForm}
            errors={errors}
            render={(row, patch) => ({
              types: ADDRESS_TYPES,
              input: (
                <>
                  {/* One line, as the spec shows it; with parts it shows them joined and opens them. */}
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
              below: row.open ? (
                <AddressPartsFields row={row} onChange={(parts) => patch({ parts })} />
              ) : undefined,
            })}
          />
        )}
        {isOpen('event') && (
          <RowsSection
            list="events"
            label={T.event}
            form={form}
            setForm={setForm}
            errors={errors}
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
        )}
        {isOpen('note') && (
          <EditorField
            label={T.note}
            extra={<CloseLink onClick={() => setForm((f) => closeSection(f, 'note'))} />}
          >
            <Input.TextArea
              value={form.note}
              maxLength={CONTACT_NOTE_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
              aria-label={T.note}
              onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))}
            />
          </EditorField>
        )}
        {isOpen('nickname') && (
          <RowsSection
            list="nicknames"
            label={T.nickname}
            form={form}
            setForm={setForm}
            errors={errors}
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
        )}
        {isOpen('website') && (
          <RowsSection
            list="websites"
            label={T.website}
            form={form}
            setForm={setForm}
            errors={errors}
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
        )}

        <EditorField label={T.group}>
          {book.groups.length === 0 ? (
            <div className="editor-no-group">
              <span>{ContactMsg.CREATE_GROUP_FIRST}</span>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => openDialog({ kind: 'groupCreate' })}
              >
                {T.addGroup}
              </Button>
            </div>
          ) : (
            <Checkbox.Group
              className="editor-groups"
              value={form.groups}
              onChange={(groups) => setForm((f) => ({ ...f, groups: groups as string[] }))}
              options={book.groups.map((g) => ({
                value: g,
                label: <span title={g}>{truncate(g, GROUP_TRUNCATE_DETAIL)}</span>,
              }))}
            />
          )}
        </EditorField>

        {menu.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: menu.map((s) => ({ key: s.key, label: s.label })),
              onClick: ({ key }) => setForm((f) => openSection(f, key as EditorForm['open'][number])),
            }}
          >
            <Button className="editor-more" icon={<PlusOutlined />}>
              {T.moreOptions} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
      <footer className="contact-editor__foot">
        <Button onClick={cancel}>{T.cancel}</Button>
        <PrimaryButton htmlType="submit" loading={saving}>
          {T.save}
        </PrimaryButton>
      </footer>
      <AvatarDialog
        open={avatarOpen}
        onClose={() => setAvatarOpen(false)}
        onSaved={(cloudPath) => {
          setAvatarOpen(false);
          setForm((f) => ({ ...f, avatar: cloudPath }));
        }}
      />
    </form>
  );
}

function CloseLink({ onClick }: { onClick(): void }) {
  return (
    <Button type="link" size="small" onClick={onClick}>
      {T.delete}
    </Button>
  );
}
