import { CONTACT_FIELD_MAX } from '@phonecloud/shared';
import { Button, Input } from 'antd';
import { T } from '../texts';
import { EditorField } from './EditorField';
import { closeSection } from './editor-model';
import { NamePartsField } from './NamePartsField';
import type { SectionProps } from './row-sections';

const MAX = { maxLength: CONTACT_FIELD_MAX };

/**
 * Name (required), its parts where the contact has them, its phonetic spelling when that section
 * is open, company and job title.
 */
export function IdentityFields({ form, setForm, errors }: SectionProps) {
  return (
    <>
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
      <NamePartsField form={form} setForm={setForm} errors={errors} />
      {form.open.includes('phonetic') && (
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
    </>
  );
}

/** Closes an optional single-field section (phonetic, note). */
export function CloseLink({ onClick }: { onClick(): void }) {
  return (
    <Button type="link" size="small" onClick={onClick}>
      {T.delete}
    </Button>
  );
}
