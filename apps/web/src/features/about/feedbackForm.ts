import {
  type ErrorCode,
  type FeedbackCategory,
  feedbackInput,
  type FeedbackInput,
  issueCode,
  type Locale,
} from '@sm/contract';

/** The form as typed: nothing is lost to a failed check. */
export interface FeedbackValues {
  category: FeedbackCategory | '';
  message: string;
  contact: string;
}
export type FeedbackField = keyof FeedbackValues;
const FIELDS: readonly FeedbackField[] = ['category', 'message', 'contact'];
export const isFeedbackField = (field: unknown): field is FeedbackField =>
  FIELDS.includes(field as FeedbackField);

export const EMPTY_FEEDBACK: FeedbackValues = { category: '', message: '', contact: '' };

export type FeedbackCheck =
  | { ok: true; input: FeedbackInput }
  | { ok: false; errors: Partial<Record<FeedbackField, ErrorCode>> };

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
  const errors: Partial<Record<FeedbackField, ErrorCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFeedbackField(field)) errors[field] ??= issueCode(issue);
  }
  return { ok: false, errors };
}
