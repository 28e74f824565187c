import {
  type FeedbackCategory,
  feedbackInput,
  type FeedbackInput,
  type Locale,
} from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { Check } from '../../lib/form';

/** The form as typed: nothing is lost to a failed check. */
export interface FeedbackValues {
  category: FeedbackCategory | '';
  message: string;
  contact: string;
}
export type FeedbackField = keyof FeedbackValues;
export const FEEDBACK_FIELDS: readonly FeedbackField[] = ['category', 'message', 'contact'];

export const EMPTY_FEEDBACK: FeedbackValues = { category: '', message: '', contact: '' };

export type FeedbackCheck = Check<FeedbackInput, FeedbackField>;

/**
 * The contract's `feedbackInput` over what was typed, with the app's version and language: what to
 * send, or one code per field (the first the schema finds).
 */
export function checkFeedback(
  values: FeedbackValues,
  app: { version: string; locale: Locale },
): FeedbackCheck {
  const parsed = feedbackInput.safeParse({
    category: values.category || undefined,
    message: values.message,
    contact: values.contact,
    appVersion: app.version,
    locale: app.locale,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: fieldCodes(parsed.error, FEEDBACK_FIELDS) };
}
