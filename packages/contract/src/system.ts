import { z } from 'zod';

export const versionResponse = z.object({
  version: z.string(),
  code: z.number().int(),
  /**
   * The build of the web app that the server serves (null when none is built): it changes with
   * every build, so an app whose own build differs knows a newer one is out.
   */
  build: z.string().nullable(),
});
export type VersionResponse = z.infer<typeof versionResponse>;

export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('up') });

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** INSUFFICIENT_BALANCE on a bid, raise or buyout: the sen missing from the buyer's cover. */
  shortfall: z.number().int().optional(),
});
