import {
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_FILES,
  DRIVE_URL_TTL_MINUTES,
  DriveCode,
  DriveMsg,
} from '@phonecloud/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { signToken } from '../access/tokens.js';
import { FILE, type ItemRow } from '../items-repo.js';
import type { DriveService } from '../service.js';

export interface DownloadClaims {
  u: number;
  i: number;
}
export interface ZipClaims {
  u: number;
  ids: number[];
  n: string;
}
export interface PartClaims {
  u: number;
  up: string;
  n: number;
  /** The portal session the upload was started from: its sign-out ends the upload's links. */
  s: string;
}

// Tokens ride in the query: they are longer than a path parameter may be.
export const DOWNLOAD_PATH = '/drive/download';
export const ZIP_PATH = '/drive/zip';
export const PART_PATH = '/v2/upload';

/** Origin for URLs we hand out: the configured public URL, else the request's own. */
export function originOf(deps: AppDeps, req: FastifyRequest): string {
  return deps.config.publicUrl ? new URL(deps.config.publicUrl).origin : `${req.protocol}://${req.host}`;
}

const ttl = (deps: AppDeps) => deps.clock.now() + DRIVE_URL_TTL_MINUTES * 60_000;

export function downloadUrl(deps: AppDeps, req: FastifyRequest, userId: number, item: ItemRow) {
  const exp = ttl(deps);
  const token = signToken<DownloadClaims>(
    deps.config.sessionSecret,
    'download',
    { u: userId, i: item.id },
    exp,
  );
  return { url: `${originOf(deps, req)}${DOWNLOAD_PATH}?t=${token}`, exp };
}

export function partUrl(
  deps: AppDeps,
  req: FastifyRequest,
  claims: { userId: number; sessionId: string },
  uploadId: string,
  n: number,
  exp: number,
) {
  const token = signToken<PartClaims>(
    deps.config.sessionSecret,
    'part',
    { u: claims.userId, up: uploadId, n, s: claims.sessionId },
    exp,
  );
  return `${originOf(deps, req)}${PART_PATH}?t=${token}`;
}

/** What a zip of the selection holds: each selected item with its subtree, paths inside the zip. */
export async function zipEntries(drive: DriveService, userId: number, ids: number[]) {
  const entries: Array<{ item: ItemRow; path: string }> = [];
  const used = new Set<string>();
  for (const id of ids) {
    const item = await drive.liveItem(userId, id);
    let top = item.name || 'root';
    // Items picked from different folders may share a name; the zip keeps both.
    for (let n = 1; used.has(top); n++) top = `${item.name}(${n})`;
    used.add(top);
    entries.push({ item, path: top });
    if (item.kind !== FILE) {
      for (const child of await drive.items.subtree(drive.deps.db, userId, item.id)) {
        entries.push({ item: child, path: `${top}/${child.path}` });
      }
    }
  }
  return entries;
}

/** -2020 over 200 files, -2019 over 500M (spec 000 §5, §8). */
export function checkZipLimits(entries: Array<{ item: ItemRow }>): void {
  const files = entries.filter((e) => e.item.kind === FILE);
  if (files.length > DOWNLOAD_MAX_FILES)
    throw new AppError(DriveCode.TOO_MANY_FILES, DriveMsg.DOWNLOAD_TOO_MANY);
  const bytes = files.reduce((sum, e) => sum + e.item.size, 0);
  if (bytes > DOWNLOAD_MAX_BYTES)
    throw new AppError(DriveCode.SUBFOLDER_OR_TOO_LARGE, DriveMsg.DOWNLOAD_TOO_LARGE);
}

export async function zipUrl(drive: DriveService, req: FastifyRequest, userId: number, ids: number[]) {
  if (ids.length === 0) throw new AppError(DriveCode.NOT_FOUND, DriveMsg.NOT_FOUND);
  const entries = await zipEntries(drive, userId, ids);
  checkZipLimits(entries);
  const deps = drive.deps;
  const first = entries[0]?.item.name ?? 'download';
  const name = ids.length === 1 ? `${first}.zip` : `${first}等${ids.length}个文件.zip`;
  const exp = ttl(deps);
  const token = signToken<ZipClaims>(deps.config.sessionSecret, 'zip', { u: userId, ids, n: name }, exp);
  return { url: `${originOf(deps, req)}${ZIP_PATH}?t=${token}`, exp, name };
}
