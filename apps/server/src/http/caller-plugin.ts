import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AnyAuthenticator,
  BROWSER,
  type CallerKind,
  type CredentialKind,
  type Refusal,
} from './caller.js';
import type { AppDeps } from './context.js';
import { checkCsrf } from './csrf.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CallerPluginOptions {
  deps: AppDeps;
  /** The platform's session and every module's authenticators. */
  authenticators: readonly AnyAuthenticator[];
}

/** A request body nobody will read (a PUT refused before its bytes): let it flow away. */
function drain(req: FastifyRequest) {
  const body = req.body as Partial<Readable> | undefined;
  if (typeof body?.resume === 'function') body.resume();
}

/**
 * Resolves who is calling once per request, before validation and the handler: the CSRF check
 * when the route accepts a cookie credential, then each accepted kind's authenticator in the
 * route's order, then anonymous if accepted; otherwise the refusal of the first accepted kind.
 */
export const callerPlugin = fp(async (app: FastifyInstance, opts: CallerPluginOptions) => {
  const byKind = new Map<CredentialKind, AnyAuthenticator>(opts.authenticators.map((a) => [a.kind, a]));
  const credentials = (accept: readonly CallerKind[]) =>
    accept.flatMap((kind) => {
      if (kind === 'anonymous') return [];
      const found = byKind.get(kind);
      if (!found) throw new Error(`no authenticator registered for ${kind} callers`);
      return [found];
    });

  // Set for every request before validation; null only before that.
  app.decorateRequest('caller', null as never);
  // A route naming a kind nobody resolves fails at start, not at its first request.
  app.addHook('onRoute', (route) => {
    credentials(route.config?.accept ?? []);
  });

  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const accept = req.routeOptions.config.accept ?? BROWSER;
    const kinds = credentials(accept);
    if (!SAFE_METHODS.has(req.method) && kinds.some((a) => a.cookie)) checkCsrf(opts.deps, req);
    let refusal: Refusal | undefined;
    for (const authenticator of kinds) {
      const found = await authenticator.resolve(req);
      if (typeof found === 'function') refusal ??= found;
      else if (found) {
        req.caller = found;
        return;
      }
    }
    if (accept.includes('anonymous')) {
      req.caller = { kind: 'anonymous' };
      return;
    }
    drain(req);
    const first = kinds[0];
    if (refusal) return refusal(reply);
    if (!first) throw new Error(`route ${req.routeOptions.url} accepts nobody`);
    return first.refuse(req, reply);
  });
});
