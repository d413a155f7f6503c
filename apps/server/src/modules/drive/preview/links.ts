import {
  DRIVE_URL_TTL_MINUTES,
  hasThumbnail,
  PreviewApi,
  THUMB_LARGE_PX,
  THUMB_SMALL_PX,
  type V1Thumbs,
} from '@phonecloud/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { signToken } from '../access/tokens.js';
import { originOf } from '../download/links.js';
import { FILE, type ItemRow } from '../items-repo.js';

/** What a thumbnail or preview link names: the user and the item. */
export interface ItemClaims {
  u: number;
  i: number;
}

/** Thumbnail links of one listing; `undefined` for items without a thumbnail. */
export type ThumbSigner = (item: ItemRow) => { small: string; large: string } | undefined;

const STEP_MS = 10 * 60_000;

/**
 * Thumbnail links expire as download links do, rounded up to a 10-minute step: a folder listed
 * again within the step gets the very same URLs, so the browser's cache answers the grid.
 */
export function thumbExpiry(now: number): number {
  return Math.ceil((now + DRIVE_URL_TTL_MINUTES * 60_000) / STEP_MS) * STEP_MS;
}

export function thumbSigner(deps: AppDeps, req: FastifyRequest, userId: number): ThumbSigner {
  const origin = originOf(deps, req);
  const exp = thumbExpiry(deps.clock.now());
  return (item) => {
    if (item.kind !== FILE || !item.blob_key || item.size === 0 || !hasThumbnail(item.name)) return undefined;
    const t = signToken<ItemClaims>(deps.config.sessionSecret, 'thumb', { u: userId, i: item.id }, exp);
    const base = `${origin}${PreviewApi.thumb}?t=${t}&s=`;
    return { small: `${base}${THUMB_SMALL_PX}`, large: `${base}${THUMB_LARGE_PX}` };
  };
}

/** v2 item fields of a signer's links. */
export function v2ThumbFields(urls: ReturnType<ThumbSigner>) {
  return urls ? { thumbnail: urls.small, thumbnail_large: urls.large } : {};
}
/** v1 item fields of a signer's links. */
export function v1ThumbFields(urls: ReturnType<ThumbSigner>): { thumbs?: V1Thumbs } {
  return urls ? { thumbs: { url1: urls.small, url2: urls.large } } : {};
}

/** A signed preview link of a file, for as long as a download link. */
export function previewUrl(deps: AppDeps, req: FastifyRequest, userId: number, item: ItemRow) {
  const exp = deps.clock.now() + DRIVE_URL_TTL_MINUTES * 60_000;
  const t = signToken<ItemClaims>(deps.config.sessionSecret, 'preview', { u: userId, i: item.id }, exp);
  return { url: `${originOf(deps, req)}${PreviewApi.preview}?t=${t}`, exp };
}
