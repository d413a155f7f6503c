import { AccountPage } from '@phonecloud/shared';

export const PORTAL_HOME = '/#/home/index';

/**
 * Browsers drop tabs and newlines inside URLs and read '\\' as '/', so '/\t/evil.example' or
 * '/\\evil.example' would name another host: any of them makes a redirect unsafe.
 */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/.test(char)) return true;
  }
  return false;
}

/**
 * Where to go after signing in. Only a portal hash route ('#/...') or a path of this site (one
 * leading '/', never '//' which would name another host) is followed; anything else, and the
 * login page itself, leads to the portal's home page.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || hasUnsafeCharacter(raw)) return PORTAL_HOME;
  if (raw.startsWith('#/') && !raw.startsWith('#//')) return `/${raw}`;
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    return raw.startsWith(AccountPage.login) ? PORTAL_HOME : raw;
  }
  return PORTAL_HOME;
}

/**
 * Goes to a page after the session changed. A target on this same page would only change the
 * hash and keep stale answers in memory, so that case reloads.
 */
export function goAfterSignIn(target: string): void {
  const next = new URL(target, window.location.href);
  const here = window.location;
  if (next.pathname === here.pathname && next.search === here.search) {
    here.replace(next.href);
    here.reload();
  } else {
    here.assign(next.href);
  }
}
