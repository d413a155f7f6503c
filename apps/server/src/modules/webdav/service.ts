import { Readable } from 'node:stream';
import { DriveCode, WEBDAV_COPY_MAX_ITEMS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { Drive, type DriveItem, FILE, type Finished, TooManyToCopy } from '../drive/index.js';
import { DavError } from './errors.js';
import { type IfList, parseIfHeader, submittedTokens } from './if-header.js';
import { etagOf } from './live-props.js';
import { type LockRow, LocksRepo } from './locks.js';
import { destinationOf, hrefOf, lockPathOf, type Segments } from './paths.js';
import { PropsRepo } from './props.js';

/** A request path resolved in the drive: the item there (if any) and the folder that holds it. */
export interface Resolved {
  segments: Segments;
  item: DriveItem | null;
  /** The live folder the last segment is looked up in; null when that folder is missing. */
  parent: DriveItem | null;
}

/**
 * The drive as WebDAV sees it. Every rule of the tree (names, same-name conflicts, quota, the
 * recycle bin, moves into a subfolder) is the drive module's: this class maps paths to items and
 * WebDAV's verbs to the drive's operations, and adds what WebDAV has and the drive has not
 * (dead properties, locks, conditional requests).
 */
export class WebDavService {
  readonly drive: Drive;
  readonly locks: LocksRepo;
  readonly props: PropsRepo;

  constructor(readonly deps: AppDeps) {
    this.drive = new Drive(deps);
    this.locks = new LocksRepo(deps.db);
    this.props = new PropsRepo(deps.db);
  }

  now() {
    return this.deps.clock.now();
  }

  /** Walks the path from the root folder, one name at a time (live items only). */
  async resolve(userId: number, segments: Segments): Promise<Resolved> {
    return { segments, ...(await this.drive.walk(userId, segments)) };
  }

  // ---- conditions and locks ----

  /**
   * Evaluates the If header (RFC 4918 §10.4): 412 when no list holds. Answers the lock tokens the
   * request submits (none without the header).
   */
  async checkIf(
    userId: number,
    header: string | undefined,
    target: Resolved,
    base: string,
  ): Promise<Set<string>> {
    if (!header) return new Set();
    let lists: IfList[];
    try {
      lists = parseIfHeader(header);
    } catch {
      throw new DavError(400, undefined, [], 'bad If header');
    }
    const now = this.now();
    const cache = new Map<string, { item: DriveItem | null; tokens: Set<string> }>();
    const stateOf = async (resource: string | undefined) => {
      const segments = resource === undefined ? target.segments : destinationOf(resource, base);
      if (!segments) return { item: null, tokens: new Set<string>() };
      const key = lockPathOf(segments);
      let state = cache.get(key);
      if (!state) {
        const resolved = resource === undefined ? target : await this.resolve(userId, segments);
        const locks = await this.locks.covering(userId, segments, now);
        state = { item: resolved.item, tokens: new Set(locks.map((l) => l.token)) };
        cache.set(key, state);
      }
      return state;
    };
    for (const list of lists) {
      const state = await stateOf(list.resource);
      const holds = list.conditions.every((c) => {
        const match =
          c.token !== undefined
            ? state.tokens.has(c.token)
            : state.item !== null && etagOf(state.item) === c.etag;
        return c.not ? !match : match;
      });
      if (holds) return submittedTokens(lists);
    }
    throw new DavError(412);
  }

  /**
   * 423 unless the request submitted the token of every lock in the way: every exclusive lock,
   * and one of the shared locks when there are only shared ones.
   */
  requireTokens(locks: LockRow[], submitted: Set<string>): void {
    const missing = locks.filter((l) => !submitted.has(l.token));
    if (missing.length === 0) return;
    const exclusive = missing.filter((l) => !l.shared);
    const sharedOk = locks.some((l) => l.shared && submitted.has(l.token));
    if (exclusive.length === 0 && sharedOk) return;
    const paths = [...new Set((exclusive.length ? exclusive : missing).map((l) => l.path))];
    throw new DavError(
      423,
      'lock-token-submitted',
      paths.map((p) => hrefOf(p.split('/').filter(Boolean), false)),
    );
  }

  /**
   * Checks the locks a change at `target` meets: the target's own and its ancestors' deep locks,
   * with `members` also every lock inside it, with `membership` the parent folder's locks too
   * (adding or removing a name changes the folder).
   */
  async guardWrite(
    userId: number,
    target: Segments,
    submitted: Set<string>,
    opts: { members?: boolean; membership?: boolean },
  ): Promise<void> {
    const now = this.now();
    const locks = new Map<string, LockRow>();
    for (const l of await this.locks.covering(userId, target, now)) locks.set(l.token, l);
    if (opts.members) for (const l of await this.locks.inside(userId, target, now)) locks.set(l.token, l);
    if (opts.membership && target.length > 0) {
      for (const l of await this.locks.covering(userId, target.slice(0, -1), now)) locks.set(l.token, l);
    }
    this.requireTokens([...locks.values()], submitted);
  }

  // ---- writing ----

  /**
   * Stores a file at a place whose folder exists, by the drive's upload rules (a file already
   * there goes to the recycle bin, as the portal's overwrite does); its dead properties carry
   * over to the new one. A folder there is 405.
   */
  async put(
    userId: number,
    parent: DriveItem,
    name: string,
    body: Readable,
    size: number | null,
  ): Promise<Finished> {
    const previous = await this.drive.child(userId, parent.id, name);
    if (previous && previous.kind !== FILE) throw new DavError(405);
    const finished = await this.drive.writeFile(userId, parent.id, name, body, size);
    if (previous && finished.created) {
      await this.props.copy(this.deps.db, userId, new Map([[previous.id, finished.item.id]]));
    }
    return finished;
  }

  /** An empty file (a LOCK on a path where nothing is yet: RFC 4918 §9.10.4). */
  createEmpty(userId: number, parent: DriveItem, name: string): Promise<Finished> {
    return this.put(userId, parent, name, Readable.from([]), 0);
  }

  /**
   * Copies an item (a folder with everything in it unless `shallow`) into a folder under a name,
   * by the drive's copy (quota, shared bytes); the dead properties come along in its transaction.
   */
  async copy(
    userId: number,
    source: DriveItem,
    parentId: number,
    name: string,
    shallow: boolean,
  ): Promise<DriveItem> {
    try {
      return await this.drive.copy(userId, source, parentId, name, {
        shallow,
        maxItems: WEBDAV_COPY_MAX_ITEMS,
        alongside: (trx, ids) => this.props.copy(trx, userId, ids),
      });
    } catch (err) {
      if (err instanceof TooManyToCopy) throw new DavError(507, undefined, [], 'too many items');
      // Another request took the name meanwhile.
      if (err instanceof AppError && err.code === DriveCode.NAME_EXISTS) throw new DavError(412);
      throw err;
    }
  }
}

/** The HTTP status of a drive refusal, for a WebDAV client. */
export function statusOfDriveError(err: AppError): number {
  switch (err.code) {
    case DriveCode.NOT_FOUND:
      return 404;
    case DriveCode.FOLDER_MISSING:
      return 409;
    case DriveCode.NAME_EXISTS:
      return 412;
    case DriveCode.QUOTA_EXCEEDED:
      return 507;
    case DriveCode.SUBFOLDER_OR_TOO_LARGE:
      return 409;
    case DriveCode.UPLOAD_MISMATCH:
      return 400;
    default:
      return 400;
  }
}
