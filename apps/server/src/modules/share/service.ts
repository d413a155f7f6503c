import { randomBytes, randomInt } from 'node:crypto';
import {
  DRIVE_URL_TTL_MINUTES,
  normalizeShareCode,
  SHARE_CODE_ADDRESS_WINDOW_MINUTES,
  SHARE_CODE_ALPHABET,
  SHARE_CODE_FAILURES_PER_ADDRESS,
  SHARE_CODE_FAILURES_PER_LINK,
  SHARE_CODE_LENGTH,
  SHARE_CODE_LINK_WINDOW_MINUTES,
  SHARE_EXPIRY_DAYS,
  SHARE_ITEMS_MAX,
  SHARE_TOKEN_TTL_MINUTES,
  ShareCode,
  type ShareExpiryDays,
  ShareMsg,
  type ShareStatus,
} from '@phonecloud/shared';
import { RateLimiter } from '../../db/rate-limit.js';
import type { Caller } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { safeEqual } from '../../lib/crypto.js';
import { type Drive, type DriveItem, FOLDER } from '../drive/index.js';
import type { ShareKey, ShareRepo, ShareRow, ShareWithItems } from './repo.js';
import { signShareToken, type VisitClaims } from './tokens.js';

const DAY_MS = 24 * 60 * 60_000;
const PUBLIC_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const shareError = (code: number, message: string) => new AppError(code, message);
const itemGone = () => shareError(ShareCode.ITEM_GONE, ShareMsg.ITEM_GONE);

/** Whether a public id has the shape of one (anything else is "not found" without a query). */
export const isPublicId = (v: unknown): v is string => typeof v === 'string' && PUBLIC_ID.test(v);

export function statusOf(row: ShareRow, now: number): ShareStatus {
  if (row.cancelled_at !== null) return 'cancelled';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'valid';
}

function randomCode(): string {
  let out = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++)
    out += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return out;
}

/**
 * The code a create call asks for: absent → a random one, '' → none, else the owner's own
 * (4 letters or digits, case does not count).
 */
export function chooseCode(raw: unknown): string | null {
  if (raw === undefined || raw === null) return randomCode();
  if (typeof raw !== 'string') throw shareError(ShareCode.CODE_FORMAT, ShareMsg.CODE_FORMAT);
  if (raw.trim() === '') return null;
  const code = normalizeShareCode(raw);
  if (!code) throw shareError(ShareCode.CODE_FORMAT, ShareMsg.CODE_FORMAT);
  return code;
}

export function expiryDays(raw: unknown): ShareExpiryDays {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  const found = SHARE_EXPIRY_DAYS.find((d) => d === n);
  if (found === undefined) throw invalid('有效期只能是1天、7天、30天或永久有效');
  return found;
}

/**
 * Share links: the owner's create, list and cancel, and what the public page may see. An item is
 * reachable through a link only while it is live and one of the link's items is on its way to
 * the root (itself or a folder above it), checked on every call: an item moved out of a shared
 * folder, or put in the recycle bin, is gone from the link at once.
 */
export class ShareService {
  private readonly limiter: RateLimiter;

  constructor(
    readonly deps: AppDeps,
    readonly drive: Drive,
    readonly repo: ShareRepo,
  ) {
    this.limiter = new RateLimiter(deps.db);
  }

  now() {
    return this.deps.clock.now();
  }

  // ---- the owner's calls ------------------------------------------------------------------

  async create(
    userId: number,
    itemIds: number[],
    rawDays: unknown,
    rawCode: unknown,
  ): Promise<ShareWithItems> {
    const ids = [...new Set(itemIds)];
    if (ids.length === 0) throw invalid(ShareMsg.NOTHING_SELECTED);
    if (ids.length > SHARE_ITEMS_MAX) throw shareError(ShareCode.TOO_MANY_ITEMS, ShareMsg.TOO_MANY_ITEMS);
    const days = expiryDays(rawDays);
    const code = chooseCode(rawCode);
    const items: DriveItem[] = [];
    for (const id of ids) {
      const item = await this.drive.liveItem(userId, id);
      if (item.parent_id === null) throw invalid(ShareMsg.ROOT);
      items.push(item);
    }
    const first = items[0]?.name ?? '';
    const now = this.now();
    const row: ShareRow = {
      user_id: userId,
      public_id: randomBytes(12).toString('base64url'),
      code,
      title: items.length > 1 ? `${first}等${items.length}个文件` : first,
      expire_days: days,
      expires_at: days === 0 ? null : now + days * DAY_MS,
      created_at: now,
      cancelled_at: null,
      view_count: 0,
      download_count: 0,
    };
    await this.repo.insert(row, ids);
    return { ...row, itemIds: ids };
  }

  list(userId: number, limit: number, after?: ShareKey) {
    return this.repo.page(userId, limit, after);
  }

  async listPage(userId: number, page: number, size: number) {
    const [rows, total] = await Promise.all([
      this.repo.pageAt(userId, size, (page - 1) * size),
      this.repo.count(userId),
    ]);
    return { rows, total };
  }

  /** Cancels the owner's links; an id that is not one of the owner's is "not found" and nothing changes. */
  async cancel(userId: number, publicIds: string[]): Promise<string[]> {
    const ids = [...new Set(publicIds)];
    if (ids.length === 0 || ids.length > SHARE_ITEMS_MAX || !ids.every(isPublicId))
      throw shareError(ShareCode.NOT_FOUND, ShareMsg.NOT_FOUND);
    const owned = await this.repo.owned(userId, ids);
    if (owned.length !== ids.length) throw shareError(ShareCode.NOT_FOUND, ShareMsg.NOT_FOUND);
    await this.repo.cancel(userId, ids, this.now());
    return ids;
  }

  // ---- the public page ----------------------------------------------------------------------

  /** A link that may be opened: unknown, cancelled and expired links say so. */
  async open(publicId: unknown): Promise<ShareRow> {
    const row = isPublicId(publicId) ? await this.repo.byPublicId(publicId) : undefined;
    if (!row) throw shareError(ShareCode.NOT_FOUND, ShareMsg.NOT_FOUND);
    const status = statusOf(row, this.now());
    if (status === 'cancelled') throw shareError(ShareCode.CANCELLED, ShareMsg.CANCELLED);
    if (status === 'expired') throw shareError(ShareCode.EXPIRED, ShareMsg.EXPIRED);
    return row;
  }

  /**
   * Checks the code and answers a visit token. Wrong codes are counted per link and per address;
   * past either limit no code is compared (not even the right one) until the window passes.
   */
  async visit(publicId: unknown, rawCode: unknown, address: string) {
    const share = await this.open(publicId);
    if (share.code !== null) {
      const given = typeof rawCode === 'string' ? rawCode.trim() : '';
      if (given === '') throw shareError(ShareCode.CODE_WRONG, ShareMsg.CODE_REQUIRED);
      const now = this.now();
      const linkKey = `share-code:link:${share.public_id}`;
      const addressKey = `share-code:ip:${address}`;
      const linkWindow = SHARE_CODE_LINK_WINDOW_MINUTES * 60_000;
      const addressWindow = SHARE_CODE_ADDRESS_WINDOW_MINUTES * 60_000;
      if (
        (await this.limiter.count(linkKey, linkWindow, now)) >= SHARE_CODE_FAILURES_PER_LINK ||
        (await this.limiter.count(addressKey, addressWindow, now)) >= SHARE_CODE_FAILURES_PER_ADDRESS
      ) {
        throw shareError(ShareCode.CODE_LOCKED, ShareMsg.CODE_LOCKED);
      }
      const code = normalizeShareCode(given);
      if (!code || !safeEqual(code, share.code)) {
        await this.limiter.hit(linkKey, linkWindow, now);
        await this.limiter.hit(addressKey, addressWindow, now);
        throw shareError(ShareCode.CODE_WRONG, ShareMsg.CODE_WRONG);
      }
    }
    await this.repo.countView(share.user_id, share.public_id);
    const ttl = SHARE_TOKEN_TTL_MINUTES * 60_000;
    const token = signShareToken<VisitClaims>(
      this.deps.config.sessionSecret,
      'visit',
      { s: share.public_id, u: share.user_id },
      this.now() + ttl,
    );
    return { share, token, expiresIn: ttl / 1000 };
  }

  /** The link asked for, still open, if the caller is visiting it; else the page asks for the code again. */
  async authorize(publicId: unknown, caller: Caller): Promise<ShareRow> {
    const share = await this.open(publicId);
    const visiting =
      caller.kind === 'share-visitor' &&
      caller.shareId === share.public_id &&
      caller.ownerId === share.user_id;
    if (!visiting) throw shareError(ShareCode.VISIT_EXPIRED, ShareMsg.VISIT_EXPIRED);
    return share;
  }

  /** The link's own items that are still live, folders first, then by name. */
  async topItems(share: ShareRow): Promise<DriveItem[]> {
    const out: DriveItem[] = [];
    for (const id of await this.repo.itemIds(share.user_id, share.public_id)) {
      const item = await this.drive.liveItem(share.user_id, id).catch(() => null);
      if (item) out.push(item);
    }
    return out.sort((a, b) => a.kind - b.kind || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  }

  /**
   * An item reachable through the link, with the folders from the link's item down to it
   * (nearest last). Anything else (another drive's id, a sibling of a shared folder, the folder
   * above, an item moved out or in the recycle bin) is "not found".
   */
  async reach(share: ShareRow, itemId: number): Promise<{ item: DriveItem; trail: DriveItem[] }> {
    const shared = new Set(await this.repo.itemIds(share.user_id, share.public_id));
    const chain = await this.drive.liveChain(share.user_id, itemId);
    const item = chain?.[0];
    if (!chain || !item) throw itemGone();
    const top = chain.findIndex((c) => shared.has(c.id));
    if (top < 0) throw itemGone();
    return { item, trail: chain.slice(0, top + 1).reverse() };
  }

  async reachFolder(share: ShareRow, itemId: number) {
    const found = await this.reach(share, itemId);
    if (found.item.kind !== FOLDER) throw itemGone();
    return found;
  }

  /** A signed URL's link at fetch time: still open and still the same owner's. */
  async stillShared(claims: {
    s: string;
    u: number;
  }): Promise<{ ok: true; share: ShareRow } | { ok: false; message: string }> {
    try {
      const share = await this.open(claims.s);
      if (share.user_id !== claims.u) return { ok: false, message: ShareMsg.NOT_FOUND };
      return { ok: true, share };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, message: err.message };
      throw err;
    }
  }

  countDownload(share: ShareRow) {
    return this.repo.countDownload(share.user_id, share.public_id);
  }

  downloadExpiry() {
    return this.now() + DRIVE_URL_TTL_MINUTES * 60_000;
  }
}
