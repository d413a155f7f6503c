import { z } from 'zod';

/** The takeout's id in the download's path (`TakeoutApi.file`); an unknown one is a 404. */
export const TakeoutFileParams = z.object({ id: z.string() });
