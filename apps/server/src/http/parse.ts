import type { z } from 'zod';
import { invalid } from './errors.js';

/** Parses a request part with a schema; the first issue's message is the answer's text. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(issue?.message ?? 'invalid request');
  }
  return result.data;
}
