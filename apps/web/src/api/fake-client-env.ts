import { vi } from 'vitest';
import { type ClientEnv, createApiClient } from './client';

export interface Call {
  url: string;
  init: RequestInit | undefined;
}

/**
 * A client over a fake browser for the client's tests: each call takes the next answer (an
 * envelope, a text, a Response, or an Error the fetch throws) and is recorded.
 */
export function setup(
  answers: Array<unknown | Error>,
  opts: { cookies?: string; hash?: string; pathname?: string } = {},
) {
  const calls: Call[] = [];
  const queue = [...answers];
  const answer = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = queue.shift();
    if (next instanceof Error) throw next;
    if (next instanceof Response) return next;
    return new Response(typeof next === 'string' ? next : JSON.stringify(next), { status: 200 });
  };
  const env: ClientEnv = {
    fetch: vi.fn(answer) as typeof fetch,
    fetchWithProgress: vi.fn(async (url: string, init: RequestInit, onProgress: (n: number) => void) => {
      onProgress(1);
      return answer(url, init);
    }),
    cookies: () => opts.cookies ?? 'XSRF-TOKEN=abc.123',
    location: () => ({ pathname: opts.pathname ?? '/', hash: opts.hash ?? '#/contact/index' }),
    assign: vi.fn(),
    goToRoute: vi.fn(),
    tmp: () => 'T1',
    refreshDriveToken: vi.fn(async () => true),
  };
  return { client: createApiClient(env), env, calls };
}

export const header = (call: Call | undefined, name: string) => new Headers(call?.init?.headers).get(name);
