import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../../http/context.js';
import type { ContactBody } from '../doc.js';
import { ContactFilesRepo, FileKind } from '../files/files-repo.js';
import { avatarKeyOf } from '../service.js';
import { type KeptCard, mergeKeptCard } from './kept-card.js';
import { type CardMeta, writeCard } from './write.js';

/** The bytes of a contact's avatar for its card (an export's, a CardDAV client's), or null. */
export async function avatarBytes(
  deps: AppDeps,
  userId: number,
  cloudPath: string | undefined,
): Promise<Buffer | null> {
  const key = cloudPath ? avatarKeyOf(cloudPath) : null;
  if (!key || !(await new ContactFilesRepo(deps.db).file(userId, key, FileKind.AVATAR))) return null;
  try {
    return await buffer(await deps.blobs.get(key));
  } catch {
    // A missing blob costs the card its photo, not the export.
    return null;
  }
}

/**
 * A contact's card for every way out (CardDAV, exports): the card its client last wrote with the
 * portal's changes merged in when one is kept, else written from the contact (vCard 3.0 unless
 * asked otherwise). The avatar is read only when the card's own PHOTO no longer stands for it.
 */
export async function cardOf(
  deps: AppDeps,
  userId: number,
  body: ContactBody,
  kept: KeptCard | undefined,
  meta: CardMeta,
): Promise<string> {
  const path = body.attachment[0]?.cloud_path;
  if (!kept) {
    const photo = await avatarBytes(deps, userId, path);
    return writeCard(body.content, photo, { ...meta, version: meta.version ?? '3.0' });
  }
  const photo = kept.photo === (path ?? null) ? undefined : await avatarBytes(deps, userId, path);
  return mergeKeptCard(kept, body.content, photo, meta);
}
