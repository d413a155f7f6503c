import type { Selectable } from 'kysely';
import type { DriveUploadsTable } from '../../../db/schema.js';

/** An upload in progress as its table keeps it (the uploads and their parts both read it). */
export type UploadRow = Selectable<DriveUploadsTable>;
