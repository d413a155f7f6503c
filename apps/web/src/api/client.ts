import { Code, codeText, type GatedArea, Msg, REQUEST_KEY_HEADER } from '@phonecloud/shared';
import { ApiError } from './api-error';
import { earlyPostKey } from './early-responses';
import { encodeForm, type FormFields, withQuery } from './form-encoding';
import { gateRoute, loginUrl } from './session-redirects';
import { createTransport, type Outgoing, type TransportEnv } from './transport';
import { forgetVerified } from './verified-marker';

export { CSRF_REQUEST_HEADER } from './transport';

/** Everything the client takes from the browser, so that tests can hand in their own. */
export interface ClientEnv extends TransportEnv {
  location(): { pathname: string; hash: string };
  /** Full navigation (the login page is another entry). */
  assign(url: string): void;
  /** Hash-route navigation inside the portal, replacing the page that was refused. */
  goToRoute(route: string): void;
  /** Answers whether a new drive token was fetched, after a 2003. */
  refreshDriveToken(): Promise<boolean>;
}

export interface CallOptions {
  /** Toast text when the server cannot be reached; each action has its own (spec 000 §8). */
  netError?: string;
  /** The gated area the call belongs to: its 6001 leads to that area's check screen. */
  area?: GatedArea;
  /**
   * A create's request key (`newRequestKey`, one per intent to create): a retry with it answers
   * the item the first try made instead of making a second one.
   */
  requestKey?: string;
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
   * A GET or JSON POST that may use the answer the page asked for early (`ClientEnv.takeEarly`):
   * the page opened on a contacts address starts list.do before the portal's code has loaded,
   * on the photos the month index and the newest page.
   */
  early?: boolean;
}

/** A call that carries a file (or checks one before sending it), answered by the same envelope rules. */
export interface UploadOptions<R = never> extends CallOptions {
  /** POST unless said otherwise: a drive part is PUT, the upload host's quick check is a GET. */
  method?: 'GET' | 'POST' | 'PUT';
  /** Bytes of the body sent so far; the call can be cancelled through `signal`. */
  onProgress?: (loaded: number) => void;
  /**
   * The address carries the credential (the drive's upload host, a part's signed URL), which may
   * be another origin that allows no other headers: no CSRF header goes along.
   */
  tokenInAddress?: boolean;
  /**
   * The upload host answers some outcomes by HTTP status alone (401 an expired upload token, 404
   * unknown content, 409 a same-name clash, 422 already there): what the call resolves to, or
   * throws, for such a status; undefined reads the envelope as usual.
   */
  byStatus?: (status: number) => R | undefined;
  /** The answer is the envelope itself, not its `data` (the upload host's quick-upload challenge). */
  wholeEnvelope?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, fields?: FormFields, options?: CallOptions): Promise<T>;
  /** POST with a JSON body: the newer drive's API takes JSON, not forms. */
  postJson<T>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  /**
   * A multipart form (contacts import, note attachments) or a file's bytes to the drive's upload
   * host, with progress and cancel; the URL is taken as it is (no `tmp`).
   */
  upload<T, R = never>(url: string, body: BodyInit | undefined, options?: UploadOptions<R>): Promise<T | R>;
  /** The CSRF token the next call sends, for a form that must repeat it in a field (note uploads). */
  csrfToken(): Promise<string>;
}

const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

/** A fresh request key for a create (random, also where `crypto.randomUUID` is missing: plain http). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createApiClient(env: ClientEnv): ApiClient {
  const { send, csrfToken } = createTransport(env);
  let leaving = false;

  /** The rules every call shares: 0 answers, 2002 leaves for the login page, 6001 for the area's check, 2003 refreshes the drive token once. */
  async function call<T>(out: Outgoing, options: UploadOptions<T>, retried = false): Promise<T> {
    const answer = await send(out, options);
    if ('byStatus' in answer) return answer.byStatus;
    const { envelope } = answer;
    const { code } = envelope;
    if (code === Code.OK) return (options.wholeEnvelope ? envelope : envelope.data) as T;
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
      return call<T>(out, options, true);
    }
    throw new ApiError(code, message, 'business', envelope.data);
  }

  const post = (url: string, type: string, body: string, requestKey?: string): Outgoing => ({
    method: 'POST',
    url,
    headers: { 'Content-Type': type, ...(requestKey ? { [REQUEST_KEY_HEADER]: requestKey } : {}) },
    body,
    csrf: true,
  });

  return {
    get: (path, options = {}) =>
      call(
        {
          method: 'GET',
          url: withQuery(path, { ...options.query }, env.tmp()),
          headers: {},
          csrf: false,
          early: options.early ? path : undefined,
        },
        options,
      ),
    post: (path, fields = {}, options = {}) =>
      call(post(path, FORM_TYPE, encodeForm(fields), options.requestKey), options),
    postJson: (path, body, options = {}) => {
      const json = JSON.stringify(body);
      const out = post(path, JSON_TYPE, json, options.requestKey);
      return call(options.early ? { ...out, early: earlyPostKey(path, json) } : out, options);
    },
    upload: <T, R>(url: string, body: BodyInit | undefined, options: UploadOptions<R> = {}) => {
      const method = options.method ?? 'POST';
      const csrf = method !== 'GET' && !options.tokenInAddress;
      return call<T | R>({ method, url, headers: {}, body, csrf }, options);
    },
    csrfToken,
  };
}
