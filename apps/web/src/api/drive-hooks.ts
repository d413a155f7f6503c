import { isApiError } from './api-error';

/**
 * The drive area is not part of this build yet. What the platform needs from it is one function:
 * fetch (or refresh) the drive token. The drive area installs it when it lands; until then the
 * platform behaves as if the drive has no token to refresh.
 */
export interface DriveHooks {
  /** GET /user/ali_oauth_token.do (or /user/refreshYun.do for the older drive) and keep the token. */
  fetchToken(variant: DriveVariant): Promise<void>;
  /** Hash route of the drive's root folder. */
  rootRoute(variant: DriveVariant): string;
}

/** 'alipan' is the newer drive (v2 JSON), 'pan' the older one (v1). */
export type DriveVariant = 'alipan' | 'pan';

/** Where each drive opens when no drive area has said otherwise (spec 000 §2 routes). */
const DEFAULT_ROOT: Record<DriveVariant, string> = {
  alipan: '/alipan/index/path=root',
  pan: '/pan/index',
};

let installed: DriveHooks | null = null;

export function installDriveHooks(hooks: DriveHooks): void {
  installed = hooks;
}

/** Refreshes the token after a 2003; false when there is nothing that could refresh it. */
export async function refreshDriveToken(variant: DriveVariant = 'alipan'): Promise<boolean> {
  if (!installed) return false;
  await installed.fetchToken(variant);
  return true;
}

/**
 * Opens a drive the way the spec asks: first a drive token, then the root folder. The home tile
 * and the drive gates both go through here.
 */
export async function openDrive(navigate: (route: string) => void, variant: DriveVariant): Promise<void> {
  if (installed) {
    try {
      await installed.fetchToken(variant);
    } catch (err) {
      // 2002 / 6001: the browser is already on its way to the login page or the gate.
      if (isApiError(err) && err.kind === 'redirected') return;
      // Anything else: open the drive all the same; its own first call fetches the token again
      // and shows what went wrong.
    }
  }
  navigate(installed ? installed.rootRoute(variant) : DEFAULT_ROOT[variant]);
}
