import { describe, expect, it } from 'vitest';
import { PORTAL_HOME, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('follows a portal hash route', () => {
    expect(safeRedirect('#/contact.check')).toBe('/#/contact.check');
    expect(safeRedirect('#/home/index')).toBe('/#/home/index');
  });
  it('follows a path of this site', () => {
    expect(safeRedirect('/account/#/centre')).toBe('/account/#/centre');
    expect(safeRedirect('/legal/privacy.html')).toBe('/legal/privacy.html');
  });
  it('falls back to the portal home without a usable target', () => {
    expect(safeRedirect(null)).toBe(PORTAL_HOME);
    expect(safeRedirect(undefined)).toBe(PORTAL_HOME);
    expect(safeRedirect('')).toBe(PORTAL_HOME);
    expect(safeRedirect('#')).toBe(PORTAL_HOME);
    expect(safeRedirect('contact.check')).toBe(PORTAL_HOME);
  });
  it('never leaves the site', () => {
    expect(safeRedirect('https://evil.example/')).toBe(PORTAL_HOME);
    expect(safeRedirect('//evil.example/')).toBe(PORTAL_HOME);
    expect(safeRedirect('/\\evil.example')).toBe(PORTAL_HOME);
    expect(safeRedirect('/\t/evil.example')).toBe(PORTAL_HOME);
    expect(safeRedirect('/\n/evil.example')).toBe(PORTAL_HOME);
    expect(safeRedirect('javascript:alert(1)')).toBe(PORTAL_HOME);
    expect(safeRedirect('#//evil.example')).toBe(PORTAL_HOME);
  });
  it('does not send a fresh sign-in back to the login page', () => {
    expect(safeRedirect('/account/#/login?redirect=%23%2Fhome')).toBe(PORTAL_HOME);
  });
});
