import type { AppModule } from '../../platform/app-module.js';
import type { TakeoutPart } from '../../platform/takeout-part.js';
import { takeoutRoutes } from './routes.js';
import { Takeouts } from './service.js';

/**
 * 导出全部数据 (docs/takeout.md), built from the served areas' `takeout` parts in their order:
 * it knows no area by name.
 */
export function takeoutModule(areas: readonly AppModule[]): AppModule {
  const parts: TakeoutPart[] = areas.flatMap((m) => (m.takeout ? [m.takeout] : []));
  return {
    name: 'takeout',
    routes: takeoutRoutes((deps) => new Takeouts(deps, parts)),
    housekeeping: (deps) => new Takeouts(deps, parts).housekeeping(),
    releaseUser: (deps, userId, now) => new Takeouts(deps, parts).releaseUser(userId, now),
  };
}
