import type { Db } from '../../db/index.js';
import type { XmlNode, XmlOut } from '../../lib/dav-xml/xml.js';

/** The database or a transaction on it (the drive's copy hands its transaction over). */
type Exec = Db;

/** A dead property's value as stored: its text, or its child elements (with their namespaces). */
interface StoredNode {
  ns: string;
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: StoredNode[];
}

export interface DeadProp {
  ns: string;
  name: string;
  value: string;
}

function store(node: XmlNode): StoredNode {
  const out: StoredNode = { ns: node.ns, name: node.name };
  if (Object.keys(node.attrs).length) out.attrs = node.attrs;
  if (node.children.length) out.children = node.children.map(store);
  else if (node.text) out.text = node.text;
  return out;
}

function toOut(node: StoredNode): XmlOut {
  return {
    ns: node.ns,
    name: node.name,
    attrs: node.attrs,
    content: node.children?.length ? node.children.map(toOut) : node.text || undefined,
  };
}

/** The stored form of a property element a PROPPATCH set (its name, attributes, value). */
export const encodeProp = (prop: XmlNode): string => JSON.stringify(store(prop));

/** The element a PROPFIND answers for a stored property. */
export function decodeProp(p: DeadProp): XmlOut {
  try {
    return toOut(JSON.parse(p.value) as StoredNode);
  } catch {
    return { ns: p.ns, name: p.name };
  }
}

/** Dead properties of drive items; keyed by (user_id, item_id), so they follow an item's moves. */
export class PropsRepo {
  constructor(private readonly db: Db) {}

  async forItems(userId: number, itemIds: number[]): Promise<Map<number, DeadProp[]>> {
    const out = new Map<number, DeadProp[]>();
    for (let i = 0; i < itemIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('webdav_props')
        .select(['item_id', 'ns', 'name', 'value'])
        .where('user_id', '=', userId)
        .where('item_id', 'in', itemIds.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        const id = Number(r.item_id);
        const list = out.get(id) ?? [];
        list.push({ ns: r.ns, name: r.name, value: r.value });
        out.set(id, list);
      }
    }
    return out;
  }

  async count(db: Exec, userId: number, itemId: number): Promise<number> {
    const row = await db
      .selectFrom('webdav_props')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async set(db: Exec, userId: number, itemId: number, ns: string, name: string, value: string) {
    await db
      .insertInto('webdav_props')
      .values({ user_id: userId, item_id: itemId, ns, name, value })
      .onConflict((oc) => oc.columns(['user_id', 'item_id', 'ns', 'name']).doUpdateSet({ value }))
      .execute();
  }

  async remove(db: Exec, userId: number, itemId: number, ns: string, name: string) {
    await db
      .deleteFrom('webdav_props')
      .where('user_id', '=', userId)
      .where('item_id', '=', itemId)
      .where('ns', '=', ns)
      .where('name', '=', name)
      .execute();
  }

  /** Gives the copies the properties of their originals (`pairs`: original id → copy id). */
  async copy(db: Exec, userId: number, pairs: ReadonlyMap<number, number>): Promise<void> {
    const ids = [...pairs.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom('webdav_props')
        .select(['item_id', 'ns', 'name', 'value'])
        .where('user_id', '=', userId)
        .where('item_id', 'in', ids.slice(i, i + 500))
        .execute();
      if (rows.length === 0) continue;
      await db
        .insertInto('webdav_props')
        .values(
          rows.map((r) => ({
            user_id: userId,
            item_id: pairs.get(Number(r.item_id)) ?? 0,
            ns: r.ns,
            name: r.name,
            value: r.value,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'item_id', 'ns', 'name']).doNothing())
        .execute();
    }
  }
}
