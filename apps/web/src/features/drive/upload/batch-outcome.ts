import { ApiError } from '../../../api';

import type { ItemResult } from '../types';

export type { ItemResult } from '../types';

/**
 * A batch passes when every item passed; when only some failed the spec's partial text is shown,
 * when all failed the first failure's own text (spec 000 §4, §8).
 */
export function throwUnlessAllPassed(results: readonly ItemResult[], partialText: string): void {
  const failed = results.filter((r) => r.code !== 0);
  const first = failed[0];
  if (!first) return;
  const message = failed.length < results.length ? partialText : (first.message ?? partialText);
  throw new ApiError(first.code, message, 'business');
}
