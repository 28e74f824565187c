import { issueCode } from '@sm/contract';
import type { FieldCodes } from './form';

// Not in lib/form.ts: the contract's issueCode lives beside its zod helpers, and importing it
// brought zod into every chunk holding the form hook, the sign-in page's too. A schema's failure
// is read here only where a schema has been loaded anyway.

/** What a contract schema's failed `safeParse` says about the input. */
interface ParseError {
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[];
}

/** The code of each of `fields` that a contract schema refused: the first the schema finds. */
export function fieldCodes<F extends string>(
  error: ParseError,
  fields: readonly F[],
): FieldCodes<F> {
  const codes: FieldCodes<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field)) codes[field] ??= issueCode(issue);
  }
  return codes;
}
