import { CSRF_COOKIE, type Envelope } from '@phonecloud/shared';

/** A browser-like client: keeps cookies, sends the CSRF header and Origin on POSTs. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Sent with every request (a test's own X-Forwarded-For, say) unless the call names them. */
  readonly headers: Record<string, string> = {};
  constructor(readonly baseUrl: string) {}

  fork(): TestClient {
    return new TestClient(this.baseUrl);
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async raw(path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers))
      if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && init.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) await this.raw('/platform/info.do');
      headers.set('x-xsrf-token', this.cookies.get(CSRF_COOKIE) ?? '');
      if (!headers.has('origin')) headers.set('origin', this.baseUrl);
      if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    }
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** Fetches a non-JSON resource (a captcha image) and answers its text. */
  async text(path: string): Promise<string> {
    return (await this.raw(`${path}?tmp=${Math.random()}`)).text();
  }

  async get<T = unknown>(path: string, query: Record<string, string | number> = {}): Promise<Envelope<T>> {
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      tmp: String(Math.random()),
    });
    const res = await this.raw(`${path}?${qs}`);
    return (await res.json()) as Envelope<T>;
  }

  async post<T = unknown>(
    path: string,
    form: Record<string, string | number> = {},
    init: RequestInit & { csrf?: boolean } = {},
  ): Promise<Envelope<T>> {
    const body = new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await this.raw(path, {
      ...init,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(init.headers ?? {}) },
    });
    return (await res.json()) as Envelope<T>;
  }
}
