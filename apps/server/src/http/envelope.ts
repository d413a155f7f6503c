import type { Envelope } from '@phonecloud/shared';

export function ok<T>(data?: T): Envelope<T> {
  return data === undefined ? { code: 0 } : { code: 0, data };
}
