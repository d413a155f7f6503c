import { ContactApi, IMPORT_SKIP_GROUPS_FIELD, type ImportResult } from '@phonecloud/shared';
import { api } from '../../../api';

/** inport.do takes a multipart body (spec 001 §7: field `file`, a CSRF header and a filename header). */
export function uploadVcards(
  files: readonly File[],
  options: { skipGroups?: boolean } = {},
): Promise<ImportResult> {
  const body = new FormData();
  // Fields before the files: the server reads the parts in order.
  if (options.skipGroups) body.append(IMPORT_SKIP_GROUPS_FIELD, '1');
  for (const f of files) body.append('file', f, f.name);
  return api.upload<ImportResult>(ContactApi.import, body, {
    area: 'contact',
    headers: () => ({ filename: encodeURIComponent(files[0]?.name ?? '') }),
  });
}
