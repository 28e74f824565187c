import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, TEXT_MAX_LENGTH } from './constants.js';
import { normalizeMalaysianMobile } from './phone.js';
import { optionalText, requiredOrBad } from './validation.js';

/** What a merchant's feedback is about: the form offers these, in this order. */
export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'question', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Long enough for steps to reproduce a problem, short enough to read on a phone. */
export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 1_000;
/** Per merchant, counted over the last hour: enough for any real report, not for a flood. */
export const FEEDBACK_PER_HOUR = 5;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A reply-to contact: a Malaysian mobile (kept in E.164) or an e-mail address. */
const contact = optionalText(TEXT_MAX_LENGTH).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const phone = normalizeMalaysianMobile(value);
  if (phone) return phone;
  if (EMAIL.test(value)) return value.toLowerCase();
  ctx.addIssue({ code: 'custom', message: 'INVALID_CONTACT' });
  return z.NEVER;
});

export const feedbackInput = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'FEEDBACK_CATEGORY_REQUIRED'
        : 'BAD_REQUEST',
  }),
  message: z
    .string({ error: requiredOrBad })
    .trim()
    .min(1, 'REQUIRED_FIELDS')
    .min(FEEDBACK_MESSAGE_MIN_LENGTH, 'FEEDBACK_TOO_SHORT')
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, 'FEEDBACK_TOO_LONG'),
  /** Where to answer, when the merchant wants another way than their sign-in phone. */
  contact,
  /** The app the merchant runs, as it reports itself: version and build. */
  appVersion: z.string({ error: 'BAD_REQUEST' }).trim().min(1).max(64, 'BAD_REQUEST'),
  locale: z.enum(LOCALES, { error: 'BAD_REQUEST' }).default(DEFAULT_LOCALE),
});
export type FeedbackInput = z.input<typeof feedbackInput>;

export const feedback = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  contact: z.string().nullable(),
  appVersion: z.string(),
  locale: z.enum(LOCALES),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

export const feedbackListQuery = z.object({
  cursor: z.string().max(200, 'BAD_REQUEST').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const feedbackListResponse = z.object({
  items: z.array(feedback),
  nextCursor: z.string().nullable(),
});
export type FeedbackListResponse = z.infer<typeof feedbackListResponse>;
