import { childOf, childrenOf, NS, type XmlNode } from '../../lib/dav-xml/index.js';
import { DavError } from '../../platform/dav-errors.js';

/**
 * The filters of calendar-query (RFC 4791 §9.7) and addressbook-query (RFC 6352 §10.5), read
 * from the request and tested against an item's text (iCalendar or vCard). What is not offered
 * is refused up front with 403 `supported-filter` (or `supported-collation`), so a client never
 * takes an answer that ignored part of its filter for a filtered one.
 */

export type MatchType = 'contains' | 'equals' | 'starts-with' | 'ends-with';

interface TextMatch {
  text: string;
  fold: (s: string) => string;
  negate: boolean;
  matchType: MatchType;
}

interface ParamFilter {
  name: string;
  notDefined: boolean;
  textMatch: TextMatch | null;
}

interface PropFilter {
  name: string;
  notDefined: boolean;
  /** CardDAV's `test` of the prop-filter; CalDAV's conditions all hold. */
  test: 'anyof' | 'allof';
  textMatches: TextMatch[];
  paramFilters: ParamFilter[];
}

export interface CompFilter {
  name: string;
  notDefined: boolean;
  /** Epoch ms; only on a component the collection's index answers (see calendarFilterOf). */
  timeRange: { start: number; end: number } | null;
  props: PropFilter[];
  comps: CompFilter[];
}

export interface CardFilter {
  test: 'anyof' | 'allof';
  props: PropFilter[];
}

/** The collations of RFC 4790 that clients name (RFC 4791 §7.5, RFC 6352 §8.3). */
const COLLATIONS: Record<string, (s: string) => string> = {
  'i;octet': (s) => s,
  'i;ascii-casemap': (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase()),
  // RFC 5051 folds by titlecase after decomposition; lower case after NFKD folds the same
  // letters for the scripts names and addresses are written in.
  'i;unicode-casemap': (s) => s.normalize('NFKD').toUpperCase().toLowerCase(),
};

const unsupported = (ns: string) => new DavError(403, { ns, name: 'supported-filter' });

function textMatchOf(node: XmlNode, ns: string, defaultCollation: string): TextMatch {
  const collation = node.attrs.collation?.trim() || defaultCollation;
  const fold = COLLATIONS[collation];
  if (!fold) throw new DavError(403, { ns, name: 'supported-collation' });
  const type = (node.attrs['match-type']?.trim() || 'contains') as MatchType;
  if (!['contains', 'equals', 'starts-with', 'ends-with'].includes(type)) throw unsupported(ns);
  return {
    text: fold(node.text),
    fold,
    negate: node.attrs['negate-condition']?.trim() === 'yes',
    matchType: type,
  };
}

function testOf(node: XmlNode, ns: string): 'anyof' | 'allof' {
  const t = node.attrs.test?.trim() || 'anyof';
  if (t !== 'anyof' && t !== 'allof') throw unsupported(ns);
  return t;
}

function paramFilterOf(node: XmlNode, ns: string, collation: string): ParamFilter {
  const name = node.attrs.name?.trim().toUpperCase();
  if (!name) throw unsupported(ns);
  const tm = childOf(node, ns, 'text-match');
  return {
    name,
    notDefined: childOf(node, ns, 'is-not-defined') !== undefined,
    textMatch: tm ? textMatchOf(tm, ns, collation) : null,
  };
}

function propFilterOf(node: XmlNode, ns: string, collation: string, test: 'anyof' | 'allof'): PropFilter {
  const name = node.attrs.name?.trim().toUpperCase();
  if (!name) throw unsupported(ns);
  // A time-range on a property (DTSTAMP, COMPLETED, ...) is not read from the text here.
  for (const c of node.children) {
    if (c.ns !== ns || !['is-not-defined', 'text-match', 'param-filter'].includes(c.name))
      throw unsupported(ns);
  }
  return {
    name,
    notDefined: childOf(node, ns, 'is-not-defined') !== undefined,
    test,
    textMatches: childrenOf(node, ns, 'text-match').map((t) => textMatchOf(t, ns, collation)),
    paramFilters: childrenOf(node, ns, 'param-filter').map((p) => paramFilterOf(p, ns, collation)),
  };
}

/** The RFC 5545 UTC stamps of a CalDAV time-range (20261201T000000Z) as epoch ms. */
export function utcStamp(value: string | undefined): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value?.trim() ?? '');
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/** Components that may appear inside each (RFC 5545 §3.6); any other name is refused. */
const INSIDE: Record<string, readonly string[]> = {
  VCALENDAR: ['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE'],
  VEVENT: ['VALARM'],
  VTODO: ['VALARM'],
  VTIMEZONE: ['STANDARD', 'DAYLIGHT'],
};

/**
 * Components whose time-range is answered: events by the index; the others are never stored
 * (the calendar keeps events), so a filter naming them matches nothing whatever its range.
 */
const RANGED: readonly string[] = ['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY'];

function compFilterOf(node: XmlNode, depth: number): CompFilter {
  const ns = NS.CALDAV;
  const name = node.attrs.name?.trim().toUpperCase() ?? '';
  const range = childOf(node, ns, 'time-range');
  // Time ranges are answered from the calendar's index of its events' instances (start_at,
  // last_end_at); a range on an alarm or a zone would need the instances computed here.
  if (range && !(depth === 1 && RANGED.includes(name))) throw unsupported(ns);
  for (const c of node.children) {
    if (c.ns !== ns || !['is-not-defined', 'time-range', 'prop-filter', 'comp-filter'].includes(c.name))
      throw unsupported(ns);
  }
  const comps = childrenOf(node, ns, 'comp-filter').map((c) => {
    const child = compFilterOf(c, depth + 1);
    if (!(INSIDE[name] ?? []).includes(child.name)) throw unsupported(ns);
    return child;
  });
  let timeRange: CompFilter['timeRange'] = null;
  if (range) {
    const start = range.attrs.start === undefined ? Number.MIN_SAFE_INTEGER : utcStamp(range.attrs.start);
    const end = range.attrs.end === undefined ? Number.MAX_SAFE_INTEGER : utcStamp(range.attrs.end);
    if (start === null || end === null) throw new DavError(403, { ns, name: 'valid-filter' });
    timeRange = { start, end };
  }
  return {
    name,
    notDefined: childOf(node, ns, 'is-not-defined') !== undefined,
    timeRange,
    props: childrenOf(node, ns, 'prop-filter').map((p) => propFilterOf(p, ns, 'i;ascii-casemap', 'allof')),
    comps,
  };
}

/**
 * A calendar-query's filter: one comp-filter for VCALENDAR (RFC 4791 §9.7.1). A query without
 * one is answered with every object, as before filters were read.
 */
export function calendarFilterOf(filter: XmlNode | undefined): CompFilter {
  const ns = NS.CALDAV;
  if (!filter) return { name: 'VCALENDAR', notDefined: false, timeRange: null, props: [], comps: [] };
  const top = childrenOf(filter, ns, 'comp-filter');
  const root = top[0];
  if (top.length !== 1 || !root || filter.children.length !== 1)
    throw new DavError(403, { ns, name: 'valid-filter' });
  const parsed = compFilterOf(root, 0);
  if (parsed.name !== 'VCALENDAR') throw new DavError(403, { ns, name: 'valid-filter' });
  // Two ranges would need the index asked twice; no client sends them.
  if (parsed.comps.filter((c) => c.timeRange).length > 1) throw unsupported(ns);
  return parsed;
}

/** An addressbook-query's filter (RFC 6352 §10.5); null when it filters nothing. */
export function cardFilterOf(filter: XmlNode | undefined): CardFilter | null {
  const ns = NS.CARDDAV;
  if (!filter || filter.children.length === 0) return null;
  for (const c of filter.children) if (c.ns !== ns || c.name !== 'prop-filter') throw unsupported(ns);
  return {
    test: testOf(filter, ns),
    props: childrenOf(filter, ns, 'prop-filter').map((p) =>
      propFilterOf(p, ns, 'i;unicode-casemap', testOf(p, ns)),
    ),
  };
}

// --- the item's text ---

interface Prop {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

export interface Component {
  name: string;
  props: Prop[];
  children: Component[];
}

/** Splits at a separator outside double quotes. */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

const unescapeText = (v: string) =>
  v.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

function propOf(line: string): Prop | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [head = '', ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  // vCard groups (`item1.EMAIL`) name the same property.
  const name = (head.includes('.') ? head.slice(head.lastIndexOf('.') + 1) : head).toUpperCase();
  const params = new Map<string, string[]>();
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    const key = (eq < 0 ? p : p.slice(0, eq)).toUpperCase();
    const values = eq < 0 ? [] : splitOutsideQuotes(p.slice(eq + 1), ',').map((v) => v.replace(/^"|"$/g, ''));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value: unescapeText(line.slice(colon + 1)) };
}

/** The components of an iCalendar or vCard text (unfolded; properties outside any are dropped). */
export function componentsOf(text: string): Component[] {
  const lines = text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  const top: Component[] = [];
  const stack: Component[] = [];
  for (const line of lines) {
    if (line === '') continue;
    const prop = propOf(line);
    if (!prop) continue;
    if (prop.name === 'BEGIN') {
      const comp: Component = { name: prop.value.trim().toUpperCase(), props: [], children: [] };
      (stack[stack.length - 1]?.children ?? top).push(comp);
      stack.push(comp);
    } else if (prop.name === 'END') stack.pop();
    else stack[stack.length - 1]?.props.push(prop);
  }
  return top;
}

// --- matching ---

function textMatches(tm: TextMatch, value: string): boolean {
  const v = tm.fold(value);
  let hit: boolean;
  switch (tm.matchType) {
    case 'equals':
      hit = v === tm.text;
      break;
    case 'starts-with':
      hit = v.startsWith(tm.text);
      break;
    case 'ends-with':
      hit = v.endsWith(tm.text);
      break;
    default:
      hit = v.includes(tm.text);
  }
  return hit !== tm.negate;
}

function paramMatches(f: ParamFilter, prop: Prop): boolean {
  const values = prop.params.get(f.name);
  if (f.notDefined) return values === undefined;
  if (values === undefined) return false;
  const tm = f.textMatch;
  return tm === null || values.some((v) => textMatches(tm, v));
}

function propMatches(f: PropFilter, comp: Component): boolean {
  const props = comp.props.filter((p) => p.name === f.name);
  if (f.notDefined) return props.length === 0;
  const tests = [
    ...f.textMatches.map((t) => (p: Prop) => textMatches(t, p.value)),
    ...f.paramFilters.map((pf) => (p: Prop) => paramMatches(pf, p)),
  ];
  return props.some((p) =>
    tests.length === 0 ? true : f.test === 'allof' ? tests.every((t) => t(p)) : tests.some((t) => t(p)),
  );
}

/**
 * Whether a comp-filter holds among sibling components. Its time-range is not tested here:
 * the candidates were narrowed by the index already (see calendarFilterOf).
 */
function compMatches(f: CompFilter, siblings: readonly Component[]): boolean {
  const named = siblings.filter((c) => c.name === f.name);
  if (f.notDefined) return named.length === 0;
  return named.some(
    (c) => f.props.every((p) => propMatches(p, c)) && f.comps.every((sub) => compMatches(sub, c.children)),
  );
}

export function calendarMatches(f: CompFilter, text: string): boolean {
  return compMatches(f, componentsOf(text));
}

export function cardMatches(f: CardFilter, text: string): boolean {
  const card = componentsOf(text).find((c) => c.name === 'VCARD');
  if (!card) return false;
  return f.test === 'allof'
    ? f.props.every((p) => propMatches(p, card))
    : f.props.some((p) => propMatches(p, card));
}

/** Whether a calendar filter asks only what every stored object answers without its text. */
export function eventsOnly(f: CompFilter): boolean {
  return (
    f.props.length === 0 &&
    !f.notDefined &&
    f.comps.every((c) => c.name === 'VEVENT' && !c.notDefined && c.props.length === 0 && c.comps.length === 0)
  );
}
