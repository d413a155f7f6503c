import { DEVICE_API_PREFIX } from '../find/paths.js';

/**
 * The phone's sync calls (docs/sync.md): JSON bodies on the device API, `Authorization: Bearer
 * <device token>`; the browser session never opens them. Every answer is the envelope
 * `{code, data, message?}`.
 */
export const SyncApi = {
  /** `SyncPullRequest` → `SyncPullPage` (or 1009: start again with `anchor: ''`). */
  pull: `${DEVICE_API_PREFIX}/sync/pull`,
  /** `SyncPushRequest` → `SyncPushResult` (or `SyncCode.HELD` / `SyncCode.REFUSED` with `SyncHeldInfo`). */
  push: `${DEVICE_API_PREFIX}/sync/push`,
} as const;

/**
 * The portal's calls about syncs held by the mass-deletion guard: one place for the four areas
 * (the banner of each area asks with its `area`). Session and the area's verification gate
 * (scope main) as the areas' own calls; POSTs form-encoded with the CSRF header.
 */
export const SyncPortalApi = {
  /** GET `?area=contacts|sms|notes|calendar` → `SyncHeldList` (the area's held syncs, oldest first). */
  heldList: '/sync/held/list.do',
  /** POST `{held_id}` → `SyncHeldDecision`: applies the held batch now (conflict rules as a push). */
  heldApply: '/sync/held/apply.do',
  /** POST `{held_id}` → `SyncHeldDecision`: drops it; the phone is told and reloads the area. */
  heldRefuse: '/sync/held/refuse.do',
} as const;
