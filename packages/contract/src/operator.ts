import { z } from 'zod';
import { phoneSchema } from './auth.js';

export const smsOutboxQuery = z.object({
  phone: phoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const smsOutboxResponse = z.object({
  items: z.array(
    z.object({
      phone: z.string(),
      purpose: z.string(),
      code: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxResponse>['items'][number];
