import { createApiClient } from './client';
import { refreshDriveToken } from './drive-hooks';
import { takeEarlyResponse } from './early-responses';
import { randomTmp } from './form-encoding';

/** The one client of the web app, bound to the browser. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  cookies: () => document.cookie,
  location: () => ({ pathname: window.location.pathname, hash: window.location.hash }),
  assign: (url) => window.location.assign(url),
  goToRoute: (route) => window.location.replace(`#${route}`),
  tmp: randomTmp,
  refreshDriveToken: () => refreshDriveToken(),
  takeEarly: takeEarlyResponse,
});

export { ApiError, isApiError, shouldReport } from './api-error';
export type { CallOptions } from './client';
export type { DriveHooks, DriveVariant } from './drive-hooks';
export { installDriveHooks, openDrive } from './drive-hooks';
export { forgetAllVerified, markVerified, verifiedAt } from './verified-marker';
