import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The header a request's id travels in, both ways (a proxy's own id is kept). */
export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * A request's id for its log lines and its answer: the one a proxy in front sent (so one id
 * follows the request through nginx and here), else a fresh one. Fastify's own counter starts
 * again at every start and is the same on every instance.
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

/** Query parameters whose values are credentials or codes: never written to a log. */
const SECRET_PARAMS =
  /^(?:token|access_token|refresh_token|sign|signature|code|ticket|captcha|password|pwd|share_pwd|key|secret|authmd5|x-amz-signature|x-amz-credential)$/i;

/** A URL as logs may show it: the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafely(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** How a request is written in a log line: without secret query values; headers never. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      remoteAddress: req.ip,
    };
  },
};

/** Every answer names its request's id, so a user's report can be found in the log. */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
