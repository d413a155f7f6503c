import { Api, CSRF_COOKIE, type Envelope, Msg } from '@phonecloud/shared';
import { ApiError } from './api-error';
import { readCookie } from './cookies';
import { withQuery } from './form-encoding';

/** The header that carries the CSRF cookie back (the axios convention the server expects). */
export const CSRF_REQUEST_HEADER = 'X-XSRF-TOKEN';

/** What the transport takes from the browser; `ClientEnv` is the whole of it. */
export interface TransportEnv {
  fetch: typeof fetch;
  /** fetch with upload progress (XMLHttpRequest underneath: fetch cannot tell how far a body got). */
  fetchWithProgress(url: string, init: RequestInit, onProgress: (loaded: number) => void): Promise<Response>;
  cookies(): string;
  tmp(): string;
  /** An answer the page asked for before its scripts ran (a GET's path, a POST's key), taken once. */
  takeEarly?(key: string): Promise<Response> | undefined;
}

/** One request as the client methods describe it, before the browser sends it. */
export interface Outgoing {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Headers of this kind of call (Content-Type, a file name); the caller's own come on top. */
  headers: Record<string, string>;
  body?: BodyInit;
  /** Whether the CSRF header goes along: every state-changing call to the portal. */
  csrf: boolean;
  /** The key under which the page may hold an early answer to this call (a GET's path). */
  early?: string;
}

/** What the transport reads from the caller's options. */
export interface SendOptions<R> {
  netError?: string;
  headers?: () => Record<string, string>;
  readBody?: (response: Response) => Promise<unknown>;
  signal?: AbortSignal;
  onProgress?: (loaded: number) => void;
  byStatus?: (status: number) => R | undefined;
}

/** An envelope, or what the caller made of an HTTP status that answers by itself. */
export type Answer<R> = { envelope: Envelope } | { byStatus: R };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/** Sends requests and reads their envelopes; what a code means is the client's business. */
export function createTransport(env: TransportEnv) {
  async function ensureCsrfCookie() {
    // Any answer of the server sets the cookie; a first POST on a fresh page may come before one.
    if (readCookie(env.cookies(), CSRF_COOKIE)) return;
    await env.fetch(withQuery(Api.platformInfo, {}, env.tmp()), { credentials: 'same-origin' });
  }

  async function respond(out: Outgoing, options: SendOptions<unknown>): Promise<Response> {
    const early = out.early ? env.takeEarly?.(out.early) : undefined;
    if (early) return early;
    if (out.csrf) await ensureCsrfCookie();
    const init: RequestInit = {
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...out.headers,
        ...(out.csrf ? { [CSRF_REQUEST_HEADER]: readCookie(env.cookies(), CSRF_COOKIE) ?? '' } : {}),
        ...options.headers?.(),
      },
      signal: options.signal,
      ...(out.method === 'GET' ? {} : { method: out.method, body: out.body }),
    };
    return options.onProgress
      ? env.fetchWithProgress(out.url, init, options.onProgress)
      : env.fetch(out.url, init);
  }

  /** The answer of one try; an unreachable server or a body that is no envelope is a network error. */
  async function send<R>(out: Outgoing, options: SendOptions<R>): Promise<Answer<R>> {
    const netError = options.netError ?? Msg.NET_SERVER;
    let response: Response;
    try {
      response = await respond(out, options);
    } catch {
      throw new ApiError(0, netError, 'network');
    }
    const byStatus = options.byStatus?.(response.status);
    if (byStatus !== undefined) return { byStatus };
    let body: unknown;
    try {
      body = await (options.readBody ? options.readBody(response) : response.json());
    } catch {
      throw new ApiError(response.status, netError, 'network');
    }
    if (!isEnvelope(body)) throw new ApiError(response.status, netError, 'network');
    return { envelope: body };
  }

  async function csrfToken(): Promise<string> {
    try {
      await ensureCsrfCookie();
    } catch {
      throw new ApiError(0, Msg.NET_SERVER, 'network');
    }
    return readCookie(env.cookies(), CSRF_COOKIE) ?? '';
  }

  return { send, csrfToken };
}
