import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pretty from 'pino-pretty';

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

/**
 * Fastify's logger options for LOG_FORMAT. json: pino's JSON lines, a request's arrival and its
 * answer each a line (what a log collector reads). pretty: pino-pretty in the process (a stream,
 * not a worker-thread transport, so the bundled server needs nothing beside it), one line per
 * answered request (`GET /contact/list.do 200 3.1ms`) with its id, for a person at a terminal.
 */
export function loggerOptions(
  level: string,
  format: 'json' | 'pretty',
  /** Where lines go instead of standard output (a test reading the log). */
  destination?: Writable,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json')
    return {
      logger: { level, serializers: logSerializers, ...(destination ? { stream: destination } : {}) },
    };
  const stream = pretty({
    ...(destination ? { destination } : {}),
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
    singleLine: true,
    sync: true,
  });
  return {
    logger: { level, serializers: logSerializers, stream },
    logController: new OneLinePerRequest(),
  };
}

/** Fastify's own error lines are kept; its arrival and answer lines become one answer line. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
