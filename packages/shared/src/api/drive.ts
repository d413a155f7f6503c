import { z } from 'zod';

/**
 * `/v2/batch`: several v2 calls in one request, answered one by one (at most V2_BATCH_MAX, the
 * server's own answer past it). Each request's body is checked by its call.
 */
export const V2BatchBody = z.object({
  resource: z.literal('file').optional(),
  requests: z
    .array(
      z.object({
        id: z.string(),
        method: z.string().default('POST'),
        url: z.string(),
        body: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .min(1),
});
export type V2BatchRequest = z.input<typeof V2BatchBody>['requests'][number];
