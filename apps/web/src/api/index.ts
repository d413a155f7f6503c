import { createApiClient } from './client';
import { refreshDriveToken } from './drive-hooks';
import { takeEarlyResponse } from './early-responses';
import { randomTmp } from './form-encoding';
import { fetchWithProgress } from './progress-fetch';

/** The one client of the web app, bound to the browser. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  fetchWithProgress,
  cookies: () => document.cookie,
  location: () => ({ pathname: window.location.pathname, hash: window.location.hash }),
  assign: (url) => window.location.assign(url),
  goToRoute: (route) => window.location.replace(`#${route}`),
  tmp: randomTmp,
  refreshDriveToken: () => refreshDriveToken(),
  takeEarly: takeEarlyResponse,
});

export { ApiError, isApiError, shouldReport } from './api-error';
export type { CallOptions, UploadOptions } from './client';
export { newRequestKey } from './client';
export type { DriveHooks, DriveVariant } from './drive-hooks';
export { installDriveHooks, openDrive } from './drive-hooks';
export { fetchPreviewText, type LoadedText } from './preview-text';
export { forgetAllVerified, markVerified, verifiedAt } from './verified-marker';
