/**
 * Where the portal's page keeps the answers it asked for before its scripts ran
 * (apps/web/build/area-preload.ts: list.do when the page is opened on the contacts), by path.
 */
export const EARLY_RESPONSES_GLOBAL = '__phonecloudEarly';

/**
 * A POST with a JSON body the page starts early (the photos' month index and newest page):
 * `only` names the exact addresses it is made for (any under the area's prefix without it).
 */
export interface EarlyPost {
  path: string;
  json: unknown;
  only?: readonly string[];
}

/** Under what an early POST's answer is kept: the page's script and the client key it alike. */
export function earlyPostKey(path: string, body: string): string {
  return `POST ${path} ${body}`;
}

type EarlyResponses = Record<string, Promise<Response> | undefined>;

/** The page's early answer for `path`, once: the first call that may use it takes it. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL] as EarlyResponses | undefined;
  const response = early?.[path];
  if (early && response) delete early[path];
  return response;
}
