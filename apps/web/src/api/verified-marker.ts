import { type GatedArea, scopeOfArea, type VerifyScope } from '@phonecloud/shared';

/**
 * The local "verified" flag of spec 000 §4. Only a hint for the areas (the server decides with
 * 6001); it is written on a passed check and dropped on 6001 and on sign-out.
 */
const PREFIX = 'phonecloud.verified.';

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function store(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off; the marker is only a hint, so nothing breaks without it.
    return null;
  }
}

export function markVerified(area: GatedArea, at = Date.now()): void {
  store()?.setItem(PREFIX + scopeOfArea(area), String(at));
}

export function verifiedAt(scope: VerifyScope): number | null {
  const raw = store()?.getItem(PREFIX + scope);
  return raw ? Number(raw) : null;
}

export function forgetVerified(area: GatedArea): void {
  store()?.removeItem(PREFIX + scopeOfArea(area));
}

export function forgetAllVerified(): void {
  const s = store();
  for (const scope of ['main', 'finder'] satisfies VerifyScope[]) s?.removeItem(PREFIX + scope);
}
