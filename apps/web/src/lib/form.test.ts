import { describe, expect, it } from 'vitest';
import { fieldCodes } from './fieldCodes';

const issue = (path: PropertyKey[], message: string, code = 'custom') => ({ path, message, code });

describe('fieldCodes', () => {
  it("keeps the first code of each of the form's fields, and nothing of other paths", () => {
    const codes = fieldCodes(
      {
        issues: [
          issue(['name'], 'REQUIRED_FIELDS'),
          issue(['name'], 'TEXT_TOO_LONG'),
          issue(['host'], 'INVALID_HOST'),
          issue(['port', 0], 'INVALID_PORT'),
          issue(['appVersion'], 'REQUIRED_FIELDS'),
          issue([], 'BAD_REQUEST'),
        ],
      },
      ['name', 'host', 'port'],
    );
    expect(codes).toEqual({ name: 'REQUIRED_FIELDS', host: 'INVALID_HOST', port: 'INVALID_PORT' });
  });

  it('reads an issue without a code as the contract does', () => {
    expect(fieldCodes({ issues: [issue(['name'], 'Too long', 'too_big')] }, ['name'])).toEqual({
      name: 'TEXT_TOO_LONG',
    });
  });
});
