import { CONTENT_KINDS, type ContactContent, type ContentKind, NicknameType } from '@phonecloud/shared';
import { phoneKey } from './doc.js';

type Entry = ContactContent[ContentKind][number];

/** What makes two entries of a kind the same value (a number however it is spelled). */
function keyOf(kind: ContentKind, entry: Entry): string {
  if (kind === 'phone') return `p:${phoneKey((entry as { number: string }).number)}`;
  if (kind === 'email') return `e:${(entry as { address: string }).address.trim().toLowerCase()}`;
  if (kind === 'name') return `n:${(entry as { display_name: string }).display_name.trim()}`;
  if (kind === 'group') return `g:${(entry as { groupTitle: string }).groupTitle}`;
  return JSON.stringify(entry);
}

function sameList(kind: ContentKind, a: readonly Entry[], b: readonly Entry[]): boolean {
  return a.length === b.length && a.every((e, i) => keyOf(kind, e) === keyOf(kind, b[i] as Entry));
}

/**
 * One kind of a contact edited on both sides, entry by entry against the version both started
 * from: what one side removed and the other left alone goes; what either side added stays;
 * a value changed differently on both sides is kept twice (both numbers). Without the base
 * (the log compacted), nothing is removed: the union of both sides.
 */
function mergeKind(
  kind: ContentKind,
  base: readonly Entry[] | null,
  cloud: readonly Entry[],
  phone: readonly Entry[],
) {
  if (sameList(kind, cloud, phone)) return [...cloud];
  if (base && sameList(kind, base, phone)) return [...cloud];
  if (base && sameList(kind, base, cloud)) return [...phone];
  const baseKeys = new Set((base ?? []).map((e) => keyOf(kind, e)));
  const phoneKeys = new Set(phone.map((e) => keyOf(kind, e)));
  const cloudKeys = new Set(cloud.map((e) => keyOf(kind, e)));
  const out: Entry[] = [];
  const seen = new Set<string>();
  const add = (e: Entry) => {
    const k = keyOf(kind, e);
    if (seen.has(k)) return;
    seen.add(k);
    out.push(e);
  };
  // The cloud's entries, less those the phone removed (in the base, gone from the phone).
  for (const e of cloud) {
    const k = keyOf(kind, e);
    if (base && baseKeys.has(k) && !phoneKeys.has(k)) continue;
    add(e);
  }
  // The phone's entries, less those the cloud removed.
  for (const e of phone) {
    const k = keyOf(kind, e);
    if (base && baseKeys.has(k) && !cloudKeys.has(k)) continue;
    add(e);
  }
  return out;
}

/**
 * A contact changed on the phone and in the cloud since the version the phone started from:
 * merged kind by kind (docs/sync.md). A second name is kept as a nickname, so the contact
 * still has one name and loses neither.
 */
export function mergeContactContent(
  base: ContactContent | null,
  cloud: ContactContent,
  phone: ContactContent,
): ContactContent {
  const out = {} as Record<ContentKind, Entry[]>;
  for (const kind of CONTENT_KINDS) {
    out[kind] = mergeKind(kind, base ? base[kind] : null, cloud[kind], phone[kind]);
  }
  const merged = out as unknown as ContactContent;
  if (merged.name.length > 1) {
    const [first, ...others] = merged.name;
    merged.name = first ? [first] : [];
    const nicknames = new Set(merged.nickname.map((n) => n.name));
    for (const n of others) {
      if (!n.display_name || nicknames.has(n.display_name)) continue;
      merged.nickname.push({ name: n.display_name, type: NicknameType.OTHER_NAME });
    }
  }
  return merged;
}
