import { NoteCode, NoteMsg } from '@phonecloud/shared';
import { AppError, invalid } from '../../http/errors.js';
import { formFields } from '../../http/form-fields.js';

export const notFound = () => new AppError(NoteCode.NOT_FOUND, NoteMsg.NOT_FOUND);
export const stale = () => new AppError(NoteCode.STALE_VERSION, NoteMsg.STALE_VERSION);
export const badRequest = () => invalid(NoteMsg.BAD_REQUEST);

/** The form fields of spec §7 (`data`, `server_ids`), refused with the notes' text. */
export const { jsonField, toId, idList, versionMap } = formFields(badRequest);
