import type { AppDeps } from '../../http/context.js';
import type { AppModule } from '../../platform/app-module.js';
import type { DavArea, DavCollection, DavSlot } from '../../platform/dav-collection.js';
import { notFound } from '../../platform/dav-errors.js';

/** The layout's order: the address book, then the calendar. */
const ORDER: readonly DavArea[] = ['contacts', 'calendar'];

/** The collections this server serves: each registered area's `dav` slot, by the kind it is. */
export class DavCollections {
  readonly #slots: ReadonlyMap<DavArea, DavSlot>;
  /** The kinds served, in the layout's order. */
  readonly areas: readonly DavArea[];

  constructor(modules: readonly AppModule[]) {
    this.#slots = new Map(modules.flatMap((m) => (m.dav ? [[m.dav.area, m.dav] as const] : [])));
    this.areas = ORDER.filter((a) => this.#slots.has(a));
  }

  /** The user's collection of a kind; a kind no area serves is not there (404). */
  open(deps: AppDeps, area: DavArea, userId: number): DavCollection {
    const slot = this.#slots.get(area);
    if (!slot) throw notFound();
    return slot.open(deps, userId);
  }
}
