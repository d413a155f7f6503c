import { Api, Code, CSRF_COOKIE, codeText, type Envelope, type GatedArea, Msg } from '@phonecloud/shared';
import { ApiError } from './api-error';
import { readCookie } from './cookies';
import { encodeForm, type FormFields, withQuery } from './form-encoding';
import { gateRoute, loginUrl } from './session-redirects';
import { forgetVerified } from './verified-marker';

/** The header that carries the CSRF cookie back (the axios convention the server expects). */
export const CSRF_REQUEST_HEADER = 'X-XSRF-TOKEN';

/** Everything the client takes from the browser, so that tests can hand in their own. */
export interface ClientEnv {
  fetch: typeof fetch;
  cookies(): string;
  location(): { pathname: string; hash: string };
  /** Full navigation (the login page is another entry). */
  assign(url: string): void;
  /** Hash-route navigation inside the portal, replacing the page that was refused. */
  goToRoute(route: string): void;
  tmp(): string;
  /** Answers whether a new drive token was fetched, after a 2003. */
  refreshDriveToken(): Promise<boolean>;
  /** An answer to a GET of `path` the page asked for before its scripts ran, taken once. */
  takeEarly?(path: string): Promise<Response> | undefined;
}

export interface CallOptions {
  /** Toast text when the server cannot be reached; each action has its own (spec 000 §8). */
  netError?: string;
  /** The gated area the call belongs to: its 6001 leads to that area's check screen. */
  area?: GatedArea;
  /** Query parameters of a GET. */
  query?: FormFields;
  /** Extra headers, read again on every try so that a retry after 2003 carries the new drive token. */
  headers?: () => Record<string, string>;
  /** Reads the answer's body as it arrives (a large list) instead of `response.json()`. */
  readBody?: (response: Response) => Promise<unknown>;
  signal?: AbortSignal;
  /** A 2002 is an answer, not a reason to go to the login page (the login page's own check). */
  stayOnLogout?: boolean;
  /**
   * A GET that may use the answer the page asked for early (`ClientEnv.takeEarly`): the page
   * opened on a contacts address starts list.do before the portal's code has loaded.
   */
  early?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, fields?: FormFields, options?: CallOptions): Promise<T>;
  /** POST with a JSON body: the newer drive's API takes JSON, not forms. */
  postJson<T>(path: string, body: unknown, options?: CallOptions): Promise<T>;
}

/** What a call sends: form fields (GET query or POST body) or, for `postJson`, a JSON body. */
type Payload = { form: FormFields } | { json: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

export function createApiClient(env: ClientEnv): ApiClient {
  let leaving = false;

  async function ensureCsrfCookie() {
    // Any answer of the server sets the cookie; a first POST on a fresh page may come before one.
    if (readCookie(env.cookies(), CSRF_COOKIE)) return;
    await env.fetch(withQuery(Api.platformInfo, {}, env.tmp()), { credentials: 'same-origin' });
  }

  async function send(method: 'GET' | 'POST', path: string, payload: Payload, options: CallOptions) {
    const netError = options.netError ?? Msg.NET_SERVER;
    const extra = options.headers?.() ?? {};
    let response: Response;
    try {
      if (method === 'GET') {
        const fields = 'form' in payload ? payload.form : {};
        const early = options.early ? env.takeEarly?.(path) : undefined;
        response = await (early ??
          env.fetch(withQuery(path, { ...options.query, ...fields }, env.tmp()), {
            credentials: 'same-origin',
            headers: { Accept: 'application/json', ...extra },
            signal: options.signal,
          }));
      } else {
        await ensureCsrfCookie();
        const json = 'json' in payload;
        response = await env.fetch(path, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            Accept: 'application/json',
            'Content-Type': json
              ? 'application/json;charset=UTF-8'
              : 'application/x-www-form-urlencoded;charset=UTF-8',
            [CSRF_REQUEST_HEADER]: readCookie(env.cookies(), CSRF_COOKIE) ?? '',
            ...extra,
          },
          body: 'json' in payload ? JSON.stringify(payload.json) : encodeForm(payload.form),
          signal: options.signal,
        });
      }
    } catch {
      throw new ApiError(0, netError, 'network');
    }
    let body: unknown;
    try {
      body = await (options.readBody ? options.readBody(response) : response.json());
    } catch {
      throw new ApiError(response.status, netError, 'network');
    }
    if (!isEnvelope(body)) throw new ApiError(response.status, netError, 'network');
    return body;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    payload: Payload,
    options: CallOptions,
    retried = false,
  ): Promise<T> {
    const envelope = await send(method, path, payload, options);
    const { code } = envelope;
    if (code === Code.OK) return envelope.data as T;
    const message = envelope.message || codeText[code] || Msg.SERVER_ERROR;
    if (code === Code.NOT_LOGGED_IN && !options.stayOnLogout) {
      if (!leaving) {
        leaving = true;
        env.assign(loginUrl(env.location()));
      }
      throw new ApiError(code, message, 'redirected');
    }
    if (code === Code.VERIFY_REQUIRED && options.area) {
      forgetVerified(options.area);
      env.goToRoute(gateRoute(options.area));
      throw new ApiError(code, message, 'redirected');
    }
    if (code === Code.DRIVE_TOKEN_EXPIRED && !retried && (await env.refreshDriveToken())) {
      return call<T>(method, path, payload, options, true);
    }
    throw new ApiError(code, message, 'business');
  }

  return {
    get: (path, options = {}) => call('GET', path, { form: {} }, options),
    post: (path, fields = {}, options = {}) => call('POST', path, { form: fields }, options),
    postJson: (path, body, options = {}) => call('POST', path, { json: body }, options),
  };
}
