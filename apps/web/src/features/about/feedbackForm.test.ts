import { ERROR_CODES, FEEDBACK_MESSAGE_MAX_LENGTH } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { checkFeedback, EMPTY_FEEDBACK } from './feedbackForm';

const app = { version: '1.0.0 (0f3a9c1)', locale: 'my' as const };

describe('checkFeedback', () => {
  it('sends the message trimmed, the contact normalised, with the app’s version and language', () => {
    expect(
      checkFeedback(
        {
          category: 'bug',
          message: '  The photo upload stops at 90 %.  ',
          contact: '012 345 6789',
        },
        app,
      ),
    ).toEqual({
      ok: true,
      input: {
        category: 'bug',
        message: 'The photo upload stops at 90 %.',
        contact: '+60123456789',
        appVersion: '1.0.0 (0f3a9c1)',
        locale: 'my',
      },
    });
    const noContact = checkFeedback(
      { category: 'question', message: 'How do I relist a lot?', contact: ' ' },
      app,
    );
    expect(noContact).toMatchObject({ ok: true, input: { contact: undefined } });
  });

  it('marks every empty required field at once', () => {
    expect(checkFeedback(EMPTY_FEEDBACK, app)).toEqual({
      ok: false,
      errors: { category: 'FEEDBACK_CATEGORY_REQUIRED', message: 'REQUIRED_FIELDS' },
    });
  });

  it('marks a message too short or too long, and a contact that is neither phone nor e-mail', () => {
    const base = { category: 'other' as const, message: 'A long enough message.', contact: '' };
    expect(checkFeedback({ ...base, message: ' short ' }, app)).toEqual({
      ok: false,
      errors: { message: 'FEEDBACK_TOO_SHORT' },
    });
    expect(
      checkFeedback({ ...base, message: 'x'.repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1) }, app),
    ).toEqual({ ok: false, errors: { message: 'FEEDBACK_TOO_LONG' } });
    for (const contact of ['12345', 'ali@', 'call me after 5', '015-123 4567'])
      expect(checkFeedback({ ...base, contact }, app), contact).toEqual({
        ok: false,
        errors: { contact: 'INVALID_CONTACT' },
      });
    expect(checkFeedback({ ...base, contact: 'Ali@Ikan.MY' }, app)).toMatchObject({
      ok: true,
      input: { contact: 'ali@ikan.my' },
    });
  });

  it('has a message for each code it can give, the same as the API’s', () => {
    const codes = [
      'FEEDBACK_CATEGORY_REQUIRED',
      'FEEDBACK_TOO_SHORT',
      'FEEDBACK_TOO_LONG',
      'INVALID_CONTACT',
      'FEEDBACK_LIMIT',
    ] as const;
    for (const code of codes) expect(en.errors[code]).toBe(ERROR_CODES[code].message);
  });
});
