import { Api, Msg, SKIN_IDS } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireUser } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import type { AppModule } from '../module.js';
import { HomeService } from './service.js';

const SkinBody = z.object({ skin: z.enum(SKIN_IDS, { message: Msg.SKIN_INVALID }) });

export function homeRoutes(modules: readonly AppModule[]) {
  return async (app: FastifyInstance, deps: AppDeps) => {
    const service = new HomeService(deps, modules);
    const opts = { preHandler: requireUser };
    const uid = (req: FastifyRequest) => currentSession(req).userId;

    app.get(Api.platformInfo, async () =>
      ok({
        productName: deps.config.productName,
        vendor: deps.config.vendorName,
        filingNumber: deps.config.filingNumber,
        filingUrl: deps.config.filingUrl,
      }),
    );
    app.get(Api.userDetail, opts, async (req) => ok(await service.detail(uid(req))));
    app.get(Api.navigateList, opts, async (req) => ok({ member: await service.member(uid(req)) }));
    app.get(Api.settingDetail, opts, async (req) => ok(await service.setting(uid(req))));
    app.post(Api.settingSave, opts, async (req) => {
      const body = parse(SkinBody, req.body);
      return ok(await service.saveSkin(uid(req), body.skin));
    });
    // The capacity call takes the phone `model` in the original product; space does not depend on it.
    app.post(Api.spaceCapacity, opts, async (req) => ok(await service.capacity(uid(req))));
    app.get(Api.spaceBackupUsed, opts, async (req) =>
      ok({ usedSize: await service.used(uid(req), 'backup') }),
    );
    app.get(Api.spaceDriveQuota, opts, async (req) => ok(await service.driveQuota(uid(req))));
  };
}
