import type { GatedArea } from '@phonecloud/shared';
import type { DriveVariant } from '../../api';

/** Where a passed check leads: a hash route, or a drive that needs its token first. */
export type GateTarget = { route: string } | { drive: DriveVariant };

const TARGETS: Readonly<Record<GatedArea, GateTarget>> = {
  contact: { route: '/contact/index' },
  calendar: { route: '/calendar/index' },
  sms: { route: '/sms/index' },
  note: { route: '/note/index' },
  find: { route: '/find/index' },
  alipan: { drive: 'alipan' },
  pan: { drive: 'pan' },
};

export function gateTarget(area: GatedArea): GateTarget {
  return TARGETS[area];
}
