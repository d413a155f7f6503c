import { describe, expect, it } from 'vitest';
import { gateRoute, loginUrl, returnRoute } from './session-redirects';

describe('session redirects', () => {
  it('returns to the hash route on the portal and to the full path elsewhere', () => {
    expect(returnRoute({ pathname: '/', hash: '#/sms.check' })).toBe('#/sms.check');
    expect(returnRoute({ pathname: '/', hash: '' })).toBe('#/home/index');
    expect(returnRoute({ pathname: '/account/', hash: '#/centre' })).toBe('/account/#/centre');
  });
  it('builds the login address and the check screens', () => {
    expect(loginUrl({ pathname: '/', hash: '#/home/index' })).toBe(
      '/account/#/login?redirect=%23%2Fhome%2Findex',
    );
    expect(gateRoute('find')).toBe('/find.check');
  });
});
