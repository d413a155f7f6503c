import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Browser features no page of the portal uses: a script that got in cannot ask for them, nor can
 * a page that frames ours. The clipboard (copying share links) is left at the browser's default.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * The security headers of every answer, pages, API, files, DAV and share links alike: helmet's
 * set, set on the raw response as the request arrives, so even answers that write the socket
 * themselves (downloads, WebDAV) carry them. The Content-Security-Policy is not helmet's: pages
 * get their own (http/pages.ts) and everything else the file policy (app.ts).
 *
 * Cross-Origin-Resource-Policy is same-origin: the portal loads its own images, previews and
 * downloads from its own origin, and the upload host (UPLOAD_BASE_URL) is reached with CORS,
 * which this header does not govern; another site can no longer embed a user's files.
 */
export async function securityHeaders(app: FastifyInstance, config: Pick<Config, 'hstsMaxAge'>) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    // Sent below, over HTTPS only: helmet would send it on plain HTTP answers too.
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The find-my-phone map shows tiles from another origin that send no CORP header.
    crossOriginEmbedderPolicy: false,
    // What the portal has always sent: links within the portal keep their referrer, others none.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    // req.protocol says https only for TLS to this process or a proxy TRUST_PROXY names: a
    // plain-HTTP client cannot switch it on, and a browser ignores it over HTTP anyway.
    if (req.protocol === 'https') {
      reply.raw.setHeader('strict-transport-security', `max-age=${config.hstsMaxAge}`);
    }
  });
}
