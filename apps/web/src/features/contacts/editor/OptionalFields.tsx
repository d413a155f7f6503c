import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTACT_NOTE_MAX, ContactMsg, GROUP_TRUNCATE_DETAIL } from '@phonecloud/shared';
import { Button, Checkbox, Dropdown, Input } from 'antd';
import type { Book } from '../book/book';
import { truncate } from '../format/truncate';
import { useAreaState } from '../state/area-state';
import { T } from '../texts';
import { EditorField } from './EditorField';
import { closeSection, type EditorForm, OPTIONAL_SECTIONS, openSection } from './editor-model';
import { CloseLink } from './IdentityFields';
import type { SetForm } from './RowsSection';

interface FormProps {
  form: EditorForm;
  setForm: SetForm;
}

export function NoteField({ form, setForm }: FormProps) {
  return (
    <EditorField label={T.note} extra={<CloseLink onClick={() => setForm((f) => closeSection(f, 'note'))} />}>
      <Input.TextArea
        value={form.note}
        maxLength={CONTACT_NOTE_MAX}
        showCount
        // A fixed height the user may drag taller: antd's autoSize measures with a hidden
        // textarea given a style attribute, which the portal's CSP (style-src-attr) refuses.
        rows={4}
        aria-label={T.note}
        onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))}
      />
    </EditorField>
  );
}

/** The book's groups to tick; with none yet, a way to create the first. */
export function GroupsField({ book, form, setForm }: FormProps & { book: Book }) {
  const { openDialog } = useAreaState();
  return (
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
  );
}

/** "More options": the optional sections not open yet; none left, no button. */
export function MoreSections({ form, setForm }: FormProps) {
  const menu = OPTIONAL_SECTIONS.filter((s) => !form.open.includes(s.key));
  if (menu.length === 0) return null;
  return (
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
  );
}
