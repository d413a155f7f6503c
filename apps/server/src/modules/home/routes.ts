import { Api, Code, type FindPortalInfo, SESSION_COOKIE } from '@phonecloud/shared';
import { SettingSaveBody, UserDeleteBody } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MapTiles } from '../../config.js';
import { RateLimiter } from '../../db/rate-limit.js';
import { accepts } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { currentSession, sessionRoute, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { verifyPassword } from '../../lib/credentials/password.js';
import type { AppModule } from '../../platform/app-module.js';
import { deleteUser, Users } from '../users/index.js';
import { HomeService } from './service.js';

const DELETE_FAILURES_MAX = 5;
const DELETE_FAILURE_WINDOW_MS = 15 * 60_000;

/** The map settings the find-my-phone page reads (tiles only when MAP_TILE_URL is set). */
function findInfo(tiles: MapTiles | undefined): FindPortalInfo {
  return {
    tileUrl: tiles?.url ?? '',
    tileCoords: tiles?.coords ?? 'wgs84',
    tileAttribution: tiles?.attribution ?? '',
    tileSubdomains: tiles?.subdomains ?? '',
  };
}

export function homeRoutes(modules: readonly AppModule[]) {
  return async (scope: FastifyInstance, deps: AppDeps) => {
    const app = scope.withTypeProvider<ZodSchemas>();
    const service = new HomeService(deps, modules);
    const opts = sessionRoute;
    const uid = (req: FastifyRequest) => currentSession(req).userId;

    app.get(Api.platformInfo, accepts('session', 'anonymous'), async () =>
      ok({
        productName: deps.config.productName,
        vendor: deps.config.vendorName,
        filingNumber: deps.config.filingNumber,
        filingUrl: deps.config.filingUrl,
        find: modules.some((m) => m.name === 'find') ? findInfo(deps.config.mapTiles) : null,
      }),
    );
    app.get(Api.userDetail, opts, async (req) => ok(await service.detail(uid(req))));
    app.get(Api.navigateList, opts, async (req) => ok({ member: await service.member(uid(req)) }));
    app.get(Api.settingDetail, opts, async (req) => ok(await service.setting(uid(req))));
    app.post(Api.settingSave, { ...opts, schema: { body: SettingSaveBody } }, async (req) =>
      ok(await service.saveSkin(uid(req), req.body.skin)),
    );
    // The capacity call takes the phone `model` in the original product; space does not depend on it.
    app.post(Api.spaceCapacity, opts, async (req) => ok(await service.capacity(uid(req))));
    app.get(Api.spaceBackupUsed, opts, async (req) =>
      ok({ usedSize: await service.used(uid(req), 'backup') }),
    );
    app.get(Api.spaceDriveQuota, opts, async (req) => ok(await service.driveQuota(uid(req))));

    // Deleting the account: the password and a fresh second verification (6001 without it);
    // wrong passwords count like sign-in failures (1013, then 1014).
    const limiter = new RateLimiter(deps.db);
    const fresh = { ...verifiedRoute(deps, 'main'), schema: { body: UserDeleteBody } };
    app.post(Api.userDelete, fresh, async (req, reply) => {
      const body = req.body;
      const userId = uid(req);
      const now = deps.clock.now();
      const key = `delete:u:${userId}`;
      if ((await limiter.count(key, DELETE_FAILURE_WINDOW_MS, now)) >= DELETE_FAILURES_MAX) {
        throw new AppError(Code.TOO_MANY_FAILURES);
      }
      const user = await new Users(deps.db).byId(userId);
      if (!user || !(await verifyPassword(user.password_hash, body.password))) {
        await limiter.hit(key, DELETE_FAILURE_WINDOW_MS, now);
        throw new AppError(Code.BAD_CREDENTIALS);
      }
      await deleteUser(deps, modules, userId);
      req.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      req.log.info({ userId }, 'account deleted by its owner');
      return ok();
    });
  };
}
