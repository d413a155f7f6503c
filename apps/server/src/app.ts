import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { REQUEST_BODY_MAX_BYTES } from '@phonecloud/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { callerPlugin } from './http/caller-plugin.js';
import type { AppDeps } from './http/context.js';
import { FILE_POLICY } from './http/csp.js';
import { csrfPlugin } from './http/csrf.js';
import { answerError } from './http/error-handler.js';
import { servePages } from './http/pages.js';
import { answerRequestIds, loggerOptions, requestIdOf } from './http/request-log.js';
import { recordRequestMetrics } from './http/request-metrics.js';
import { checkRouteSchemas } from './http/route-schemas.js';
import { securityHeaders } from './http/security-headers.js';
import { sessionAuthenticator, sessionPlugin } from './http/session.js';
import { serveAssetsFromMemory } from './http/web-assets.js';
import { type AppEventName, AppEvents } from './lib/app-events.js';
import { type Clock, systemClock } from './lib/clock.js';
import { lifecycle } from './lib/lifecycle.js';
import { createMessenger, type Messenger } from './lib/messenger.js';
import { accountModule } from './modules/account/module.js';
import { appPasswordsModule } from './modules/app-passwords/module.js';
import { calendarModule } from './modules/calendar/module.js';
import { contactsModule } from './modules/contacts/module.js';
import { davModule } from './modules/dav/module.js';
import { deviceModule } from './modules/device/module.js';
import { syncModule } from './modules/device/sync/module.js';
import { driveModule } from './modules/drive/module.js';
import { findModule } from './modules/find/module.js';
import { homeModule } from './modules/home/module.js';
import { notesModule } from './modules/notes/module.js';
import { opsModule } from './modules/ops/module.js';
import { photosModule } from './modules/photos/module.js';
import { shareModule } from './modules/share/module.js';
import { smsModule } from './modules/sms/module.js';
import { takeoutModule } from './modules/takeout/module.js';
import { verifyModule } from './modules/verify/module.js';
import { webdavModule } from './modules/webdav/module.js';
import type { AppListeners, AppModule } from './platform/app-module.js';
import { type BlobStore, createBlobStore } from './storage/index.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  messenger?: Messenger;
  blobs?: BlobStore;
  /** Areas besides the platform's own; tests add areas to exercise the shared guards. */
  modules?: AppModule[];
  /** The served areas instead of AREA_MODULES; tests narrow them to see an unserved service. */
  areas?: AppModule[];
  logger?: boolean;
  /** Log lines go here instead of standard output (tests read them). */
  logStream?: Writable;
}

/** The areas this deployment serves; each later area is one line here. */
const AREAS: AppModule[] = [
  contactsModule,
  driveModule,
  webdavModule,
  shareModule,
  smsModule,
  calendarModule,
  notesModule,
  photosModule,
  deviceModule,
  findModule,
];

/**
 * The areas, then the machinery serving the parts they register: CardDAV/CalDAV, phone sync,
 * 导出全部数据.
 */
export const AREA_MODULES: AppModule[] = [
  ...AREAS,
  davModule(AREAS),
  syncModule(AREAS),
  takeoutModule(AREAS),
];

export async function buildApp(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; deps: AppDeps; modules: AppModule[] }> {
  const { config } = opts;
  const app = Fastify({
    ...(opts.logger === false
      ? { logger: false }
      : loggerOptions(config.logLevel, config.logFormat, opts.logStream)),
    genReqId: requestIdOf,
    // Forwarded headers count only from the proxies the operator names (TRUST_PROXY): anyone
    // else could claim any address (dodging limits, forging logs) or host (forging links).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    // A request that reached the process as it began to close (a proxy's connection accepted a
    // moment before) is served within the shutdown's grace, not refused with a 503 nobody retries.
    return503OnClosing: false,
  });
  for (const w of config.warnings) app.log.warn(w);

  const deps: AppDeps = {
    db: opts.db,
    config,
    clock: opts.clock ?? systemClock,
    messenger:
      opts.messenger ??
      createMessenger({
        smtpUrl: config.smtpUrl,
        smtpFrom: config.smtpFrom,
        smsWebhookUrl: config.smsWebhookUrl,
        dataDir: config.dataDir,
        log: app.log,
      }),
    blobs: opts.blobs ?? (await createBlobStore(config)),
    events: new AppEvents((err, name) => app.log.error({ err, event: name }, 'event listener failed')),
  };

  app.setErrorHandler(answerError);

  checkRouteSchemas(app);
  recordRequestMetrics(app);
  answerRequestIds(app);
  await securityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  const areas = [...(opts.areas ?? AREA_MODULES), ...(opts.modules ?? [])];
  const modules: AppModule[] = [
    opsModule,
    accountModule,
    appPasswordsModule,
    verifyModule,
    homeModule(areas),
    ...areas,
  ];

  await app.register(sessionPlugin, deps);
  await app.register(csrfPlugin, deps);
  const authenticators = [sessionAuthenticator, ...modules.flatMap((m) => m.authenticators?.(deps) ?? [])];
  await app.register(callerPlugin, { deps, authenticators });
  for (const m of modules) await app.register(async (scope) => m.routes(scope, deps));
  listen(deps, modules, app.log);

  app.addHook('onSend', async (_req, reply) => {
    // Closing (past a SIGTERM's drain): each answer closes its connection, so a proxy's
    // kept-alive socket is not reused just as the server closes it (a request on it would fail,
    // not be retried). Not during the drain: a proxy then keeps using the connections it has
    // instead of opening new ones, one of which could be waiting unaccepted as the listener
    // closes (and be reset with its request).
    if (lifecycle.closing) reply.header('connection', 'close');
    // The portal's pages set their own policy (serveWeb); anything else may run nothing. The
    // other security headers came with the request (securityHeaders).
    if (!reply.hasHeader('content-security-policy') && !reply.raw.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', FILE_POLICY);
    }
  });

  await serveWeb(app, config);
  return { app, deps, modules };
}

/** Subscribes each module's listeners (AppModule's `on`) to the app's events. */
function listen(deps: AppDeps, modules: readonly AppModule[], log: FastifyBaseLogger): void {
  for (const m of modules) {
    const on = m.on;
    if (!on) continue;
    for (const name of Object.keys(on) as AppEventName[]) subscribe(deps, on, name, log);
  }
}

function subscribe<K extends AppEventName>(
  deps: AppDeps,
  on: AppListeners,
  name: K,
  log: FastifyBaseLogger,
): void {
  const listener = on[name];
  if (listener) deps.events.on(name, (payload) => listener(deps, payload, log));
}

/** Serves the built portal; hash routing means every page is index.html or account/index.html. */
async function serveWeb(app: FastifyInstance, config: Config) {
  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn({ webDist: config.webDist }, 'web app is not built: serving the API only');
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ code: 404, message: 'not found' }));
    return;
  }
  servePages(
    app,
    config.webDist,
    config.uploadBaseUrl ? [config.uploadBaseUrl] : [],
    config.mapTiles ? [config.mapTiles.imageSource] : [],
  );
  await app.register(fastifyStatic, {
    root: config.webDist,
    index: ['index.html'],
    setHeaders(res, file) {
      // Hashed assets never change; pages must be revalidated to pick up a new build.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  serveAssetsFromMemory(app, config.webDist);
  app.setNotFoundHandler((req, reply) => {
    const page =
      req.method === 'GET' && !req.url.endsWith('.do') && req.headers.accept?.includes('text/html');
    // The portal page itself missing means the build went away under the running server (a
    // rebuild in progress): sending the browser to it again would loop.
    if (page && (req.url === '/' || req.url.startsWith('/?'))) {
      return reply.status(503).type('text/plain; charset=utf-8').send('门户页面正在更新，请稍后刷新。');
    }
    if (page) return reply.redirect('/#/home/index');
    return reply.status(404).send({ code: 404, message: 'not found' });
  });
}
