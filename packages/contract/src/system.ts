import { z } from 'zod';

export const versionResponse = z.object({ version: z.string(), code: z.number().int() });

export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('up') });

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
});
