import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';

/** The namespaces WebDAV, CardDAV and CalDAV speak, and the prefixes answers give them. */
export const NS = {
  DAV: 'DAV:',
  CARDDAV: 'urn:ietf:params:xml:ns:carddav',
  CALDAV: 'urn:ietf:params:xml:ns:caldav',
  /** Apple's CalendarServer extensions (getctag), which iOS and DAVx5 read. */
  CS: 'http://calendarserver.org/ns/',
  APPLE: 'http://apple.com/ns/ical/',
} as const;

const PREFIXES: Record<string, string> = {
  [NS.DAV]: 'd',
  [NS.CARDDAV]: 'card',
  [NS.CALDAV]: 'cal',
  [NS.CS]: 'cs',
  [NS.APPLE]: 'ical',
  'urn:phonecloud:dav': 'pc',
};

/** An element of a request body, its name resolved to its namespace. */
export interface XmlNode {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (character data directly inside it), untrimmed. */
  text: string;
}

export class XmlError extends Error {}

/** Request bodies are small; a deeper tree is not a DAV request. */
const MAX_DEPTH = 64;
/**
 * Elements of one body: a multiget naming every card of a 10,000-contact book has about 10,000;
 * a body of more is no client's and would hold the event loop while it is read.
 */
const MAX_ELEMENTS = 50_000;

/** Thrown from inside the parser to stop it at the first element past a limit. */
class TooMuch extends Error {}

/**
 * Parses a request body with saxes (namespace-aware, so `<D:prop xmlns:D="DAV:">` and
 * `<prop xmlns="DAV:">` read the same). Throws XmlError when it is not well-formed.
 */
export function parseXml(input: string | Buffer): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  const state: { root: XmlNode | null; failure: string | null } = { root: null, failure: null };
  parser.on('error', (err) => {
    state.failure ??= err.message;
  });
  let elements = 0;
  parser.on('opentag', (tag) => {
    // The parse stops here, at the first element past a limit, instead of reading on to the end
    // of a body made to cost (a deeply nested tree took seconds of the event loop).
    if (stack.length >= MAX_DEPTH) throw new TooMuch('too deep');
    if (++elements > MAX_ELEMENTS) throw new TooMuch('too many elements');
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      attrs[a.local] = a.value;
    }
    const node: XmlNode = { ns: tag.uri ?? '', name: tag.local ?? tag.name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else state.root ??= node;
    stack.push(node);
  });
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write((typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '')).close();
  } catch (err) {
    state.failure ??= (err as Error).message;
  }
  if (state.failure !== null || state.root === null) throw new XmlError(state.failure ?? 'no element');
  return state.root;
}

export function is(node: XmlNode | undefined, ns: string, name: string): node is XmlNode {
  return node !== undefined && node.ns === ns && node.name === name;
}

export function childOf(node: XmlNode | undefined, ns: string, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.ns === ns && c.name === name);
}

export function childrenOf(node: XmlNode | undefined, ns: string, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.ns === ns && c.name === name) : [];
}

/** An element of an answer: a name in a namespace, attributes, text or child elements. */
export interface XmlOut {
  ns: string;
  name: string;
  attrs?: Record<string, string>;
  /** Text, or child elements; none for an empty element. */
  content?: string | XmlOut[];
}

export const el = (
  ns: string,
  name: string,
  content?: string | XmlOut[],
  attrs?: Record<string, string>,
): XmlOut => ({
  ns,
  name,
  content,
  attrs,
});

export const davEl = (name: string, content?: string | XmlOut[], attrs?: Record<string, string>) =>
  el(NS.DAV, name, content, attrs);

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  format: false,
  processEntities: true,
});

type FxpNode = { [key: string]: string | FxpNode | FxpNode[] };

/**
 * Serialises answers with fast-xml-parser's builder (it escapes text and attribute values).
 * Namespaces get fixed prefixes (d:, card:, cal:, cs:, ical:); any other one (a property a
 * client asked for that this server does not know) gets x0:, x1:..., all declared on the root.
 */
export class XmlWriter {
  private readonly extra = new Map<string, string>();

  private prefixOf(ns: string): string {
    const known = PREFIXES[ns];
    if (known) return known;
    let p = this.extra.get(ns);
    if (p === undefined) {
      p = `x${this.extra.size}`;
      this.extra.set(ns, p);
    }
    return p;
  }

  private qname(ns: string, name: string): string {
    return ns === '' ? name : `${this.prefixOf(ns)}:${name}`;
  }

  private toFxp(node: XmlOut): FxpNode | string {
    const attrs: FxpNode = {};
    for (const [k, v] of Object.entries(node.attrs ?? {})) attrs[`@_${k}`] = v;
    const hasAttrs = Object.keys(attrs).length > 0;
    if (node.content === undefined || node.content === '') return hasAttrs ? attrs : '';
    if (typeof node.content === 'string')
      return hasAttrs ? { ...attrs, '#text': node.content } : node.content;
    const out: FxpNode = attrs;
    for (const child of node.content) {
      const key = this.qname(child.ns, child.name);
      const value = this.toFxp(child);
      const prev = out[key];
      if (prev === undefined) out[key] = value as FxpNode;
      else if (Array.isArray(prev)) prev.push(value as FxpNode);
      else out[key] = [prev as FxpNode, value as FxpNode];
    }
    return out;
  }

  /** The whole document: the XML declaration, the root with every namespace it uses. */
  document(root: XmlOut): string {
    const body = this.toFxp(root);
    const rootName = this.qname(root.ns, root.name);
    const decls: FxpNode = {};
    for (const [ns, p] of Object.entries(PREFIXES)) decls[`@_xmlns:${p}`] = ns;
    for (const [ns, p] of this.extra) decls[`@_xmlns:${p}`] = ns;
    const rootValue =
      typeof body === 'string' ? (body === '' ? decls : { ...decls, '#text': body }) : { ...decls, ...body };
    return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ [rootName]: rootValue }) as string}`;
  }
}
