import { DRIVE_ROOT_ID, DRIVE_ROOT_NUMERIC_ID, DriveApi, type DriveToken } from '@phonecloud/shared';
import { api, type DriveHooks, type DriveVariant } from '../../api';

/**
 * The drive credentials. Loaded with the portal (not the drive's chunk) because the home tile
 * and the gate need a token before the drive opens; kept small for that reason.
 * The v2 token lives in memory only: a reload fetches a new one rather than keeping a bearer
 * secret in storage that any script of the origin could read.
 */
let token: DriveToken | null = null;
/** Refresh a little before the server's expiry so that a call in flight does not carry a dead token. */
const EARLY_MS = 30_000;

export function driveBearer(): Record<string, string> {
  return token ? { Authorization: `Bearer ${token.access_token}` } : {};
}

/** The token being fetched, shared by the calls that need one meanwhile. */
let fetching: Promise<void> | null = null;

/**
 * `early`: a page opened on the drive asked for the token in its HTML, before the portal's
 * scripts ran (vite.config.ts); the first fetch takes that answer.
 */
async function fetchToken(variant: DriveVariant): Promise<void> {
  if (variant === 'alipan') {
    token = await api.get<DriveToken>(DriveApi.token, { area: 'alipan', early: true });
  } else {
    // The older drive keeps its session in an HttpOnly cookie; nothing to hold here.
    await api.get(DriveApi.refreshYun, { area: 'pan' });
  }
}

/**
 * A token before the first v2 call of a page (after a reload there is none yet). A folder's
 * first calls (its name, the arrangement, the listing, the quota) start together: they wait for
 * one token instead of asking for four.
 */
export function ensureDriveToken(): Promise<void> {
  if (token && token.expire_time - EARLY_MS >= Date.now()) return Promise.resolve();
  fetching ??= fetchToken('alipan').finally(() => {
    fetching = null;
  });
  return fetching;
}

export function rootRoute(variant: DriveVariant): string {
  return variant === 'alipan'
    ? `/alipan/index/path=${DRIVE_ROOT_ID}`
    : `/pan/index/path=${DRIVE_ROOT_NUMERIC_ID}`;
}

export const driveHooks: DriveHooks = { fetchToken, rootRoute };
