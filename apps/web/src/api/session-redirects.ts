import { AccountPage, type GatedArea } from '@phonecloud/shared';

interface Where {
  pathname: string;
  hash: string;
}

/**
 * The route to come back to after signing in: the hash route on the portal, the full path and
 * hash on any other page (the account centre), so the login page can tell them apart.
 */
export function returnRoute(where: Where): string {
  const hash = where.hash || '#/home/index';
  return where.pathname === '/' || where.pathname === '/index.html' ? hash : `${where.pathname}${hash}`;
}

export function loginUrl(where: Where): string {
  return `${AccountPage.login}?redirect=${encodeURIComponent(returnRoute(where))}`;
}

/** The check screen of a gated area, as a hash route. */
export function gateRoute(area: GatedArea): string {
  return `/${area}.check`;
}
