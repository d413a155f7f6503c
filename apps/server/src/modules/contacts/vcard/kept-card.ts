import { CONTENT_KINDS, type ContactContent, emptyContent } from '@phonecloud/shared';
import ICAL from 'ical.js';
import { normaliseCard, type RawCard } from './lines.js';
import { fitRules } from './prepare.js';
import { type JCard, readJCard } from './read.js';
import { type CardMeta, type VcardVersion, writeCard } from './write.js';

/** A jCard property: [name, params, value type, ...values]. */
type Prop = [string, Record<string, unknown>, string, ...unknown[]];

/** The card a client last wrote for a contact, as kept (migration 026). */
export interface KeptCard {
  /** The card as ical.js reads it (3.0 or 4.0). */
  card: string;
  /** The avatar its PHOTO was stored as; null when it had none or none could be stored. */
  photo: string | null;
}

/** The content entries a card's properties stand for, by list; names are compared on their own. */
type EntryList = Exclude<keyof ContactContent, 'name'>;
const LISTS = CONTENT_KINDS.filter((k): k is EntryList => k !== 'name');

const META = new Set(['version', 'prodid', 'uid', 'rev']);
/** What the display name and the structured name are read from. */
const NAME_CORE = new Set(['n', 'fn']);
/** What the phonetic name is read from (read.ts readName). */
const PHONETIC = new Set(['x-phonetic-first-name', 'x-phonetic-last-name', 'sort-string']);
const isPhonetic = (p: Prop) =>
  PHONETIC.has(p[0]) || (p[0] === 'sound' && /x-irmc-n/i.test(String(p[1].type ?? '')));

const groupOf = (p: Prop): string => {
  const g = p[1].group;
  return typeof g === 'string' ? g.toLowerCase() : '';
};

/**
 * The text to keep of a card a client wrote: the card as ical.js reads it, vCard 2.1 written as
 * 3.0 (its lines are rewritten to 3.0's by normaliseCard). Null when it cannot be read whole: a
 * card read leniently is kept as the store's fields only.
 */
export function cardToKeep(raw: RawCard): string | null {
  if (raw.broken) return null;
  let parsed: unknown;
  try {
    parsed = ICAL.parse(normaliseCard(raw.lines));
  } catch {
    return null;
  }
  const jcard = (Array.isArray(parsed) && parsed[0] === 'vcard' ? parsed : (parsed as unknown[])[0]) as JCard;
  if (!Array.isArray(jcard) || jcard[0] !== 'vcard') return null;
  const version = jcard[1].find((p) => p[0] === 'version');
  if (!version) jcard[1].unshift(['version', {}, 'text', '3.0']);
  else if (version[3] !== '4.0') version[3] = '3.0';
  return ICAL.stringify(jcard);
}

/** A unit of a kept card: properties read together (one item group, an ORG with its TITLE…). */
interface Unit {
  props: Prop[];
  /** The entries they stand for, by list, as the store keeps them (fitted and normalised). */
  entries: Partial<Record<EntryList, string[]>>;
}

/**
 * A contact's card from its kept card and its content now: every property of the kept card whose
 * entries the contact still has is written as the client wrote it (labels, groups, parameters,
 * N's parts, ORG's units), properties that stand for no entry (X-, ROLE, RELATED…) always, and
 * what the portal changed is written by writeCard in their place. `photo` is the avatar's bytes
 * when the contact's avatar is not the one kept (null: none), undefined when it is.
 */
export function mergeKeptCard(
  kept: KeptCard,
  content: ContactContent,
  photo: Buffer | null | undefined,
  meta: CardMeta,
): string {
  const jcard = ICAL.parse(kept.card) as JCard;
  const props = jcard[1] as Prop[];
  const version: VcardVersion = props.find((p) => p[0] === 'version')?.[3] === '4.0' ? '4.0' : '3.0';
  if (meta.version && meta.version !== version) return convertedCard(props, content, photo ?? null, meta);

  const written = generatedProps(content, photo, { ...meta, version });
  const out: Prop[] = [];
  const baseName = fitRules(readJCard(['vcard', props, []]).content, () => {}).name[0];
  const name = content.name[0];
  const coreSame = sameName(baseName, name);
  const phoneticSame = (baseName?.phonetic_family_name ?? '') === (name?.phonetic_family_name ?? '');
  for (const p of props) {
    if (p[0] === 'rev') continue;
    if (NAME_CORE.has(p[0]) && !coreSame) continue;
    if (isPhonetic(p) && !phoneticSame) continue;
    if (p[0] === 'photo' && photo !== undefined) continue;
    if (META.has(p[0]) || NAME_CORE.has(p[0]) || isPhonetic(p) || p[0] === 'photo') out.push(p);
  }
  if (!props.some((p) => p[0] === 'uid') && meta.uid) out.push(['uid', {}, 'text', meta.uid]);
  if (meta.rev !== undefined) out.push(...written.filter((p) => p[0] === 'rev'));
  if (!coreSame) out.push(...written.filter((p) => NAME_CORE.has(p[0])));
  if (!phoneticSame) out.push(...written.filter(isPhonetic));
  if (photo !== undefined) out.push(...written.filter((p) => p[0] === 'photo'));

  const units = unitsOf(props, version);
  const left = availableEntries(content);
  for (const unit of units) {
    if (takeUnit(unit, left)) out.push(...unit.props);
    else {
      const retitled = retitledOrganization(unit, left);
      if (retitled) out.push(...retitled);
    }
  }
  out.push(...renumbered(entriesProps(left, version), out));
  return ICAL.stringify(['vcard', out, []]);
}

/** Whether a name is the kept card's as far as N and FN write it. */
function sameName(
  a: ContactContent['name'][number] | undefined,
  b: ContactContent['name'][number] | undefined,
) {
  if (!a || !b) return !a && !b;
  return (
    a.display_name === b.display_name &&
    a.given_name === b.given_name &&
    (a.family_name ?? '') === (b.family_name ?? '') &&
    (a.middle_name ?? '') === (b.middle_name ?? '') &&
    (a.prefix ?? '') === (b.prefix ?? '') &&
    (a.suffix ?? '') === (b.suffix ?? '')
  );
}

/** What writeCard writes of the contact itself: its name, REV and UID, its photo. */
function generatedProps(content: ContactContent, photo: Buffer | null | undefined, meta: CardMeta): Prop[] {
  const only: ContactContent = { ...emptyContent(), name: content.name };
  return (ICAL.parse(writeCard(only, photo ?? null, meta)) as JCard)[1] as Prop[];
}

/**
 * A kept card asked for in the other vCard version: the contact written in that version, with
 * the kept card's properties that stand for no entry and read the same in both (X- ones).
 */
function convertedCard(props: Prop[], content: ContactContent, photo: Buffer | null, meta: CardMeta): string {
  const out = (ICAL.parse(writeCard(content, photo, meta)) as JCard)[1] as Prop[];
  const version = props.find((p) => p[0] === 'version')?.[3] === '4.0' ? '4.0' : '3.0';
  for (const unit of unitsOf(props, version)) {
    if (isOpaque(unit) && unit.props.every((p) => p[0].startsWith('x-'))) out.push(...unit.props);
  }
  return ICAL.stringify(['vcard', out, []]);
}

const isOpaque = (unit: Unit) => Object.keys(unit.entries).length === 0;

/**
 * The kept card's properties other than its identity, name and photo, in units read together:
 * an item group (`item1.EMAIL` with `item1.X-ABLabel`), an ungrouped ORG with the ungrouped
 * TITLE of its place (and ADR with LABEL), as read.ts pairs them; any other property alone.
 */
function unitsOf(props: readonly Prop[], version: VcardVersion): Unit[] {
  const units: Prop[][] = [];
  const byGroup = new Map<string, Prop[]>();
  const loose: Record<'title' | 'label', Prop[]> = {
    title: props.filter((p) => p[0] === 'title' && !groupOf(p)),
    label: props.filter((p) => p[0] === 'label' && !groupOf(p)),
  };
  for (const p of props) {
    if (META.has(p[0]) || NAME_CORE.has(p[0]) || isPhonetic(p) || p[0] === 'photo') continue;
    const group = groupOf(p);
    if (group) {
      const list = byGroup.get(group);
      if (list) list.push(p);
      else {
        const unit = [p];
        byGroup.set(group, unit);
        units.push(unit);
      }
      continue;
    }
    if (p[0] === 'title' || p[0] === 'label') continue;
    const side = p[0] === 'org' ? loose.title.shift() : p[0] === 'adr' ? loose.label.shift() : undefined;
    units.push(side ? [p, side] : [p]);
  }
  for (const rest of [...loose.title, ...loose.label]) units.push([rest]);
  return units.map((unitProps) => ({ props: unitProps, entries: entriesOf(unitProps, version) }));
}

/** The entries a unit stands for, read and fitted as the whole card was. */
function entriesOf(props: Prop[], version: VcardVersion): Unit['entries'] {
  const read = readJCard(['vcard', [['version', {}, 'text', version], ...props], []]);
  const fitted = fitRules(read.content, () => {});
  const out: Unit['entries'] = {};
  for (const list of LISTS) {
    const entries = fitted[list] as readonly object[];
    if (entries.length > 0) out[list] = entries.map((e) => JSON.stringify(e));
  }
  return out;
}

/** The contact's entries not yet written, by list, each counted (a list may hold one twice). */
type Left = Record<EntryList, Map<string, number>>;

function availableEntries(content: ContactContent): Left {
  const left = {} as Left;
  for (const list of LISTS) {
    const counts = new Map<string, number>();
    for (const e of content[list] as readonly object[]) {
      const key = JSON.stringify(e);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    left[list] = counts;
  }
  return left;
}

/**
 * Takes a unit's entries from what is left when the contact still has all of them. An event
 * may be written by several properties (BDAY, X-ANNIVERSARY, Apple's date, Android's row): an
 * event already taken still lets another spelling of it be kept.
 */
function takeUnit(unit: Unit, left: Left): boolean {
  if (isOpaque(unit)) return true;
  for (const [list, keys] of Object.entries(unit.entries) as Array<[EntryList, string[]]>) {
    const counts = left[list];
    const need = new Map<string, number>();
    for (const k of keys) need.set(k, (need.get(k) ?? 0) + 1);
    for (const [k, n] of need) {
      const have = counts.get(k);
      if (have === undefined || (have < n && list !== 'event')) return false;
    }
  }
  for (const [list, keys] of Object.entries(unit.entries) as Array<[EntryList, string[]]>) {
    const counts = left[list];
    for (const k of keys) {
      const have = counts.get(k) ?? 0;
      if (have > 0) counts.set(k, have - 1);
    }
  }
  return true;
}

/**
 * An ORG whose entry changed only in its title: the ORG is written as the client wrote it (its
 * units, its label) with the new TITLE beside it, in its item group.
 */
function retitledOrganization(unit: Unit, left: Left): Prop[] | null {
  const orgs = unit.entries.organization;
  if (orgs?.length !== 1 || Object.keys(unit.entries).length !== 1) return null;
  const was = JSON.parse(orgs[0] as string) as ContactContent['organization'][number];
  if (!was.company) return null;
  const counts = left.organization;
  for (const [key, n] of counts) {
    if (n === 0) continue;
    const now = JSON.parse(key) as ContactContent['organization'][number];
    if (now.company !== was.company || now.type !== was.type || now.is_primary !== was.is_primary) continue;
    counts.set(key, n - 1);
    const org = unit.props.find((p) => p[0] === 'org');
    if (!org) return null;
    const kept = unit.props.filter((p) => p[0] !== 'title');
    const group = groupOf(org);
    if (now.title) kept.push(['title', group ? { group: org[1].group } : {}, 'text', now.title]);
    return kept;
  }
  return null;
}

/** The properties writeCard writes for the entries left, in the kept card's version. */
function entriesProps(left: Left, version: VcardVersion): Prop[] {
  const content = emptyContent();
  let any = false;
  for (const list of LISTS) {
    for (const [key, n] of left[list]) {
      for (let i = 0; i < n; i++) {
        (content[list] as object[]).push(JSON.parse(key) as object);
        any = true;
      }
    }
  }
  if (!any) return [];
  const props = (ICAL.parse(writeCard(content, null, { version })) as JCard)[1] as Prop[];
  return props.filter((p) => !META.has(p[0]) && !NAME_CORE.has(p[0]) && !isPhonetic(p));
}

/** Item groups of written properties renamed past those of the kept card, so none is shared. */
function renumbered(props: Prop[], kept: readonly Prop[]): Prop[] {
  const taken = new Set(kept.map(groupOf).filter(Boolean));
  let next = 1;
  const names = new Map<string, string>();
  for (const p of props) {
    const group = groupOf(p);
    if (!group) continue;
    let name = names.get(group);
    if (name === undefined) {
      while (taken.has(`item${next}`)) next++;
      name = `item${next}`;
      taken.add(name);
      names.set(group, name);
    }
    p[1] = { ...p[1], group: name };
  }
  return props;
}
