import {
  type Contact,
  type ContactContent,
  ContactMsg,
  MERGE_GROUP_MIN,
  type MergeResult,
  normalizeContactContent,
  type RepeatList,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { changeBook } from './book.js';
import { bodyOfDoc, type ContactBody, displayNameOf, emailKey, identityOf, phoneKey } from './doc.js';
import { ContactsRepo } from './repo.js';
import { contactOf } from './service.js';

/** Union-find over contact ids. */
class Components {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root) ?? root;
    this.parent.set(x, root);
    return root;
  }
  union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  groups(ids: readonly number[]): number[][] {
    const by = new Map<number, number[]>();
    for (const id of ids) {
      const r = this.find(id);
      by.set(r, [...(by.get(r) ?? []), id]);
    }
    return [...by.values()].filter((g) => g.length > 1).map((g) => g.sort((a, b) => a - b));
  }
}

/** Keys under which two contacts are possibly the same person. */
function linkKeys(content: ContactContent): string[] {
  const keys: string[] = [];
  const name = displayNameOf(content).replace(/\s+/g, '').toLowerCase();
  if (name) keys.push(`n:${name}`);
  for (const p of content.phone) {
    const k = phoneKey(p.number);
    if (k) keys.push(`p:${k}`);
  }
  for (const e of content.email) keys.push(`e:${emailKey(e.address)}`);
  return keys;
}

/** Unions entries of a kind, first contact's first, skipping ones already there by `key`. */
function unite<T>(lists: T[][], key: (e: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const e of list) {
      const k = key(e);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
  }
  return out;
}

/** One contact holding every field of the group; the first keeps its name and wins ties. */
export function mergeBodies(bodies: readonly ContactBody[]): ContactBody {
  const cs = bodies.map((b) => b.content);
  const all = <K extends keyof ContactContent>(k: K) => cs.map((c) => c[k]) as Array<ContactContent[K]>;
  const content = normalizeContactContent({
    name: cs.find((c) => c.name.length > 0)?.name.slice(0, 1) ?? [],
    organization: unite(all('organization'), (o) => `${o.company}\u0000${o.title}`),
    phone: unite(all('phone'), (p) => phoneKey(p.number)),
    email: unite(all('email'), (e) => emailKey(e.address)),
    im: unite(all('im'), (i) => `${i.protocol}\u0000${i.custom_protocol}\u0000${i.address}`),
    'postal-address': unite(all('postal-address'), (a) => a.formatted_address),
    event: unite(all('event'), (e) => `${e.start_date}\u0000${e.lunar_or_solar}\u0000${e.type}`),
    note: unite(all('note'), (n) => n.note),
    nickname: unite(all('nickname'), (n) => n.name),
    website: unite(all('website'), (w) => w.url),
    group: unite(all('group'), (g) => g.groupTitle),
  });
  // Only one entry per kind can be the primary one.
  for (const list of [content.phone, content.email, content.organization, content['postal-address']]) {
    let seen = false;
    for (const e of list) {
      if (e.is_primary === 1 && seen) e.is_primary = 0;
      if (e.is_primary === 1) seen = true;
    }
  }
  const attachment = bodies.find((b) => b.attachment.length > 0)?.attachment ?? [];
  return { content, attachment };
}

/** Finding duplicates and merging them. */
export class DuplicateService {
  private readonly repo: ContactsRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new ContactsRepo(deps.db);
  }

  async list(userId: number): Promise<RepeatList> {
    const rows = await this.repo.aliveRows(userId);
    const contents = new Map(rows.map((r) => [Number(r.id), bodyOfDoc(r.doc).content]));
    const ids = [...contents.keys()].sort((a, b) => a - b);

    const same = new Components();
    const byIdentity = new Map<string, number>();
    const possible = new Components();
    const byKey = new Map<string, number>();
    for (const id of ids) {
      const content = contents.get(id) as ContactContent;
      const identity = identityOf(content);
      const twin = byIdentity.get(identity);
      if (twin === undefined) byIdentity.set(identity, id);
      else same.union(twin, id);
      for (const key of linkKeys(content)) {
        const other = byKey.get(key);
        if (other === undefined) byKey.set(key, id);
        else possible.union(other, id);
      }
    }
    const sameGroups = same.groups(ids);
    const sameSets = new Set(sameGroups.map((g) => g.join(',')));
    // A group of nothing but identical contacts is listed once, as identical.
    const repeatGroups = possible.groups(ids).filter((g) => !sameSets.has(g.join(',')));
    const nameOf = (id: number) =>
      displayNameOf(contents.get(id) as ContactContent)
        .replace(/\s+/g, '')
        .toLowerCase();
    const info: Record<string, Contact> = {};
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of [...sameGroups.flat(), ...repeatGroups.flat()]) {
      const row = byId.get(id);
      if (row) info[String(id)] = contactOf(row);
    }
    return {
      same_ids: sameGroups.map((g) => g.map(String)),
      repeat_ids: repeatGroups.map((g) => g.map(String)),
      repeat_same_name: repeatGroups.map((g) => g.every((id) => nameOf(id) === nameOf(g[0] as number))),
      repeat_info: info,
    };
  }

  /**
   * Merges each group into its first contact and moves the others to the recycle bin, all in one
   * change. Groups sharing a contact are merged together; groups left with fewer than two of
   * the user's contacts are skipped.
   */
  async merge(userId: number, groups: number[][]): Promise<MergeResult> {
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const rows = await change.repo.aliveRows(userId);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const joined = new Components();
      const order: number[] = [];
      for (const g of groups) {
        const mine = g.filter((id) => byId.has(id));
        for (const id of mine) if (!order.includes(id)) order.push(id);
        for (const id of mine.slice(1)) joined.union(mine[0] as number, id);
      }
      const survivors: string[] = [];
      const gone: number[] = [];
      for (const group of joined.groups(order)) {
        // The caller's order decides who survives, not the id order `groups` sorts by.
        const members = order.filter((id) => group.includes(id));
        if (members.length < MERGE_GROUP_MIN) continue;
        const [first, ...rest] = members as [number, ...number[]];
        const merged = mergeBodies(members.map((id) => bodyOfDoc(byId.get(id)?.doc ?? '{}')));
        await change.update(first, merged);
        gone.push(...rest);
        survivors.push(String(first));
      }
      if (survivors.length === 0) throw invalid(ContactMsg.MERGE_NOTHING);
      await change.toRecycleBin(gone);
      return survivors;
    });
    return { sync_version: syncVersion, merged: result.length, server_ids: result };
  }
}
