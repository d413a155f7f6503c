import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import {
  childOf,
  childrenOf,
  davEl,
  depthOf,
  el,
  is,
  multistatus,
  NS,
  parseXml,
  responseEl,
  type XmlNode,
  type XmlOut,
} from '../../lib/dav-xml/index.js';
import type {
  DavArea,
  DavCollection,
  ItemData,
  ItemMeta,
  RenderOptions,
} from '../../platform/dav-collection.js';
import { badSyncToken, DavError, notFound } from '../../platform/dav-errors.js';
import type { DavCollections } from './collections.js';
import { hrefs, type Target, targetOfHref } from './paths.js';
import { type PropName, propstats, type Resource, syncTokenOf, versionOfToken, type Who } from './props.js';
import { addressbookQuery, calendarQuery } from './query.js';

const send207 = (reply: FastifyReply, xml: string) =>
  reply.status(207).type('application/xml; charset=utf-8').send(xml);

/** What a PROPFIND or REPORT asks: named properties, every property, or only their names. */
interface Asked {
  mode: 'values' | 'names' | 'all';
  props: PropName[];
}

function askedOf(node: XmlNode | undefined): Asked {
  if (!node) return { mode: 'all', props: [] };
  const prop = childOf(node, NS.DAV, 'prop');
  if (prop) return { mode: 'values', props: prop.children.map((c) => ({ ns: c.ns, name: c.name })) };
  if (childOf(node, NS.DAV, 'propname')) return { mode: 'names', props: [] };
  return { mode: 'all', props: [] };
}

/** Whether the asked properties include the item's data (then items are rendered). */
function wantsData(area: DavArea, asked: Asked): RenderOptions | null {
  const p = asked.props.find((x) =>
    area === 'contacts'
      ? x.ns === NS.CARDDAV && x.name === 'address-data'
      : x.ns === NS.CALDAV && x.name === 'calendar-data',
  );
  return p ? {} : null;
}

/** The vCard version asked by `<card:address-data version="4.0"/>` in a REPORT's prop, if any. */
function vcardVersionIn(node: XmlNode | undefined): '3.0' | '4.0' | undefined {
  const prop = childOf(node, NS.DAV, 'prop');
  const version = childOf(prop, NS.CARDDAV, 'address-data')?.attrs.version?.trim();
  return version === '4.0' ? '4.0' : version === '3.0' ? '3.0' : undefined;
}

function collectionResource(area: DavArea, who: Who, store: DavCollection, token: number): Resource {
  return {
    kind: 'collection',
    href: hrefs.collection(area, who.username),
    area,
    token,
    contentType: store.contentType,
  };
}

function itemResource(area: DavArea, who: Who, store: DavCollection, item: ItemMeta | ItemData): Resource {
  return {
    kind: 'item',
    href: hrefs.item(area, who.username, item.name),
    area,
    item,
    contentType: store.contentType,
    data: 'data' in item ? item.data : undefined,
  };
}

/** The resources a PROPFIND describes: the target, and its members at Depth 1. */
async function resourcesOf(
  deps: AppDeps,
  collections: DavCollections,
  who: Who,
  target: Target,
  depth: '0' | '1' | 'infinity',
  rootHref: string,
): Promise<Resource[]> {
  const deep = depth !== '0';
  const areas = collections.areas;
  switch (target.kind) {
    case 'root': {
      const self: Resource = { kind: 'root', href: rootHref };
      if (!deep) return [self];
      return [
        self,
        { kind: 'principals', href: hrefs.principals() },
        ...areas.map((area): Resource => ({ kind: 'homes', href: hrefs.homes(area), area })),
      ];
    }
    case 'principals': {
      const self: Resource = { kind: 'principals', href: hrefs.principals() };
      return deep ? [self, { kind: 'principal', href: hrefs.principal(who.username) }] : [self];
    }
    case 'principal':
      return [{ kind: 'principal', href: hrefs.principal(who.username) }];
    case 'homes': {
      const self: Resource = { kind: 'homes', href: hrefs.homes(target.area), area: target.area };
      return deep
        ? [self, { kind: 'home', href: hrefs.home(target.area, who.username), area: target.area }]
        : [self];
    }
    case 'home': {
      const self: Resource = { kind: 'home', href: hrefs.home(target.area, who.username), area: target.area };
      if (!deep) return [self];
      const store = collections.open(deps, target.area, who.userId);
      return [self, collectionResource(target.area, who, store, await store.token())];
    }
    case 'collection': {
      const store = collections.open(deps, target.area, who.userId);
      const self = collectionResource(target.area, who, store, await store.token());
      if (!deep) return [self];
      return [self, ...(await store.list()).map((item) => itemResource(target.area, who, store, item))];
    }
    case 'item': {
      const store = collections.open(deps, target.area, who.userId);
      const item = (await store.fetch([target.name], {})).get(target.name);
      if (!item) throw notFound();
      return [itemResource(target.area, who, store, item)];
    }
  }
}

export async function propfind(
  deps: AppDeps,
  collections: DavCollections,
  reply: FastifyReply,
  who: Who,
  target: Target,
  body: Buffer | null,
  depthHeader: string | string[] | undefined,
  /** The href the root is answered under: `/` when the bare host was asked. */
  rootHref: string | null = null,
) {
  const root = body ? parseXml(body) : undefined;
  if (root && !is(root, NS.DAV, 'propfind')) throw new DavError(400);
  const asked = askedOf(root);
  // Depth infinity is answered as 1: nothing here is deeper than a collection of items.
  const resources = await resourcesOf(
    deps,
    collections,
    who,
    target,
    depthOf(depthHeader, 'infinity'),
    rootHref ?? hrefs.root(),
  );
  const responses = resources.map((r) => responseEl(r.href, propstats(r, who, asked.props, asked.mode)));
  return send207(reply, multistatus(responses));
}

/** PROPPATCH: the collections' properties are the server's; each one asked is refused (403). */
export function proppatch(reply: FastifyReply, target: Target, body: Buffer | null) {
  const root = body ? parseXml(body) : undefined;
  if (!root || !is(root, NS.DAV, 'propertyupdate')) throw new DavError(400);
  const props: XmlOut[] = [];
  for (const action of root.children) {
    for (const prop of childrenOf(action, NS.DAV, 'prop')) {
      for (const p of prop.children) props.push(el(p.ns, p.name));
    }
  }
  const href = target.kind === 'root' ? hrefs.root() : undefined;
  return send207(reply, multistatus([responseEl(href ?? requestHref(target), [{ status: 403, props }])]));
}

function requestHref(target: Target): string {
  switch (target.kind) {
    case 'root':
      return hrefs.root();
    case 'principals':
      return hrefs.principals();
    case 'principal':
      return hrefs.principal(target.user);
    case 'homes':
      return hrefs.homes(target.area);
    case 'home':
      return hrefs.home(target.area, target.user);
    case 'collection':
      return hrefs.collection(target.area, target.user);
    case 'item':
      return hrefs.item(target.area, target.user, target.name);
  }
}

/** Responses for items with the asked properties, rendering their data only when asked. */
async function itemResponses(
  store: DavCollection,
  who: Who,
  asked: Asked,
  items: ReadonlyArray<ItemMeta | ItemData>,
  render: RenderOptions,
): Promise<XmlOut[]> {
  const wanted = wantsData(store.area, asked);
  // Items a query already read (to test its filter) are not read again.
  const data = wanted
    ? await store.fetch(
        items.filter((i) => !('data' in i)).map((i) => i.name),
        render,
      )
    : null;
  const out: XmlOut[] = [];
  for (const meta of items) {
    const { name, etag, lastModified } = meta;
    const item = data ? ('data' in meta ? meta : data.get(name)) : { name, etag, lastModified };
    // Gone between the listing and the read: it is answered as deleted next time.
    if (!item) continue;
    const r = itemResource(store.area, who, store, item);
    out.push(responseEl(r.href, propstats(r, who, asked.props, asked.mode)));
  }
  return out;
}

export async function report(
  deps: AppDeps,
  collections: DavCollections,
  reply: FastifyReply,
  who: Who,
  target: Target,
  body: Buffer | null,
) {
  if (!body) throw new DavError(400);
  const root = parseXml(body);
  if (target.kind !== 'collection') {
    throw new DavError(403, { ns: NS.DAV, name: 'supported-report' });
  }
  const area = target.area;
  const store = collections.open(deps, area, who.userId);
  const r: Report = {
    root,
    area,
    store,
    who,
    asked: askedOf(root),
    render: { vcardVersion: vcardVersionIn(root) },
  };

  // addressbook-multiget / calendar-multiget: the named items.
  if (
    (area === 'contacts' && is(root, NS.CARDDAV, 'addressbook-multiget')) ||
    (area === 'calendar' && is(root, NS.CALDAV, 'calendar-multiget'))
  ) {
    return send207(reply, await multiget(r));
  }

  // sync-collection (RFC 6578): what changed since the token, deletions as 404s, a new token.
  if (is(root, NS.DAV, 'sync-collection')) return send207(reply, await syncCollection(r));

  // calendar-query and addressbook-query: the filter as RFC 4791 and RFC 6352 spell it (filters.ts).
  if (area === 'calendar' && is(root, NS.CALDAV, 'calendar-query')) {
    return send207(reply, await calendarQueryReport(r));
  }
  if (area === 'contacts' && is(root, NS.CARDDAV, 'addressbook-query')) {
    return send207(reply, await addressbookQueryReport(r));
  }

  throw new DavError(403, { ns: NS.DAV, name: 'supported-report' });
}

/** A REPORT on a collection: its body, the collection and what it asks. */
interface Report {
  root: XmlNode;
  area: DavArea;
  store: DavCollection;
  who: Who;
  asked: Asked;
  render: RenderOptions;
}

/** The items a multiget names by href; one outside the collection is a 404. */
async function multiget({ root, area, store, who, asked, render }: Report): Promise<string> {
  const named = childrenOf(root, NS.DAV, 'href').map((h) => ({
    href: h.text.trim(),
    target: targetOfHref(h.text),
  }));
  const names: string[] = [];
  for (const n of named) {
    const t = n.target;
    if (t?.kind === 'item' && t.area === area && t.user === who.username) names.push(t.name);
  }
  const found = await store.fetch(names, render);
  const out: XmlOut[] = [];
  for (const n of named) {
    const t = n.target;
    const item =
      t?.kind === 'item' && t.area === area && t.user === who.username ? found.get(t.name) : undefined;
    if (!item) {
      out.push(responseEl(n.href, 404));
      continue;
    }
    const r = itemResource(area, who, store, item);
    out.push(responseEl(r.href, propstats(r, who, asked.props, asked.mode)));
  }
  return multistatus(out);
}

/** The changes since the request's sync-token (everything when it has none), and the new token. */
async function syncCollection({ root, area, store, who, asked, render }: Report): Promise<string> {
  const tokenText = childOf(root, NS.DAV, 'sync-token')?.text.trim() ?? '';
  let token: number;
  let responses: XmlOut[];
  if (tokenText === '') {
    // Read first: a change made while the items are listed is sent again next time, never lost.
    token = await store.token();
    responses = await itemResponses(store, who, asked, await store.list(), render);
  } else {
    const since = versionOfToken(area, tokenText);
    if (since === null) throw badSyncToken();
    const changes = await store.changes(since);
    token = changes.token;
    responses = await itemResponses(store, who, asked, changes.changed, render);
    for (const name of changes.gone) responses.push(responseEl(hrefs.item(area, who.username, name), 404));
  }
  return multistatus(responses, [davEl('sync-token', syncTokenOf(area, token))]);
}

/** The events a calendar-query's filter selects (query.ts), with the props asked for. */
async function calendarQueryReport({ root, store, who, asked, render }: Report): Promise<string> {
  const items = await calendarQuery(store, root, render);
  return multistatus(await itemResponses(store, who, asked, items, render));
}

/** The cards an addressbook-query's filter selects, cut at the client's limit. */
async function addressbookQueryReport({ root, area, store, who, asked, render }: Report): Promise<string> {
  const { items, truncated } = await addressbookQuery(store, root, render);
  const responses = await itemResponses(store, who, asked, items, render);
  // RFC 6352 §8.6.1: a result cut at the client's limit says so with a 507 for the collection.
  if (truncated) responses.push(responseEl(hrefs.collection(area, who.username), 507));
  return multistatus(responses);
}
