import { type Contact, validateContactContent } from '@phonecloud/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { newRequestKey, shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { contactCalls } from '../api/contact-calls';
import { useBookSync } from '../book/use-book';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';
import { attachmentOf, contentOf, type EditorForm } from './editor-model';
import { type FormErrors, validateForm } from './validate-form';

export interface EditorSave {
  /** Inline errors, from the first save on. */
  errors: FormErrors;
  /** The form's own error (a rule over several fields, or the server's answer). */
  formError: string | null;
  saving: boolean;
  save(): Promise<void>;
}

/**
 * Checks the form field by field and as a whole, saves it with the version it was opened at (so
 * a change made meanwhile elsewhere is refused rather than overwritten), syncs the book and opens
 * the saved contact.
 */
export function useEditorSave(original: Contact | null, form: EditorForm): EditorSave {
  const navigate = useNavigate();
  const sync = useBookSync();
  // Inline errors appear with the first save and then follow the text as it is fixed.
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // One key for this editor's create: a second 保存 after a lost answer does not make a twin.
  const createKey = useRef(newRequestKey());

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
      const saved = await contactCalls.save(
        {
          ...(original ? { server_id: original.server_id, version_code: original.version_code } : {}),
          content,
          attachment: attachmentOf(form),
        },
        original ? undefined : createKey.current,
      );
      await sync();
      toast.success(T.saved);
      navigate(ContactRoute.detail(saved.server_id));
    } catch (error) {
      if (shouldReport(error)) setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return { errors: checking ? validateForm(form) : {}, formError, saving, save };
}
