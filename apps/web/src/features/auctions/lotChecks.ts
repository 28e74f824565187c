import {
  createAuctionRequest,
  type CreateAuctionRequest,
  type ErrorCode,
  issueCode,
  landingProblem,
  type NumberProblem,
  type ReadNumber,
  readKg,
  readRM,
} from '@sm/contract';
import { errorKey, fieldOfPath, type LotDraft, type LotErrors, type LotField } from './lotDraft';

// The contract's schema for an auction, and zod with it: the Create Auction form imports this
// module when it is first focused (lotChecks in the page), not with its page.

type AuctionInput = { lots: Record<string, unknown>[] };

/** What a typed quantity's or price's problem is called at its field. */
const QUANTITY_PROBLEM: Record<NumberProblem, ErrorCode> = {
  DECIMAL_COMMA: 'DECIMAL_COMMA',
  TOO_MANY_DECIMALS: 'QUANTITY_DECIMALS',
  NOT_A_NUMBER: 'INVALID_QUANTITY',
};
const PRICE_PROBLEM: Record<NumberProblem, ErrorCode> = {
  DECIMAL_COMMA: 'DECIMAL_COMMA',
  // RM 12.505 is off the RM 0.10 step as much as RM 12.55 is.
  TOO_MANY_DECIMALS: 'PRICE_STEP',
  NOT_A_NUMBER: 'INVALID_PRICE',
};

/**
 * The request the form stands for, for the contract's schema to judge, and the errors that text
 * alone shows: an empty number is left out (the schema then says it is required), one that does
 * not read as a number is reported here with why ("12,50", "10.55"), since the schema never sees
 * the text.
 */
function toRequest(lots: LotDraft[]): { request: AuctionInput; errors: LotErrors } {
  const errors: LotErrors = {};
  const number = (
    lot: LotDraft,
    field: LotField,
    text: string,
    read: (input: string) => ReadNumber,
    problems: Record<NumberProblem, ErrorCode>,
  ) => {
    if (!text.trim()) return undefined;
    const result = read(text);
    if ('value' in result) return result.value;
    errors[errorKey(lot, field)] = problems[result.problem];
    return undefined;
  };
  const request = {
    lots: lots.map((lot) => ({
      boatId: lot.boatId || undefined,
      harbor: lot.harbor,
      freshness: lot.freshness || undefined,
      landedAt: lot.landedAt || undefined,
      name: lot.name,
      species: lot.species || undefined,
      quantity: number(lot, 'quantity', lot.quantity, readKg, QUANTITY_PROBLEM),
      startPrice: number(lot, 'startPrice', lot.startPrice, readRM, PRICE_PROBLEM),
      buyoutPrice: lot.buyoutPrice.trim()
        ? number(lot, 'buyoutPrice', lot.buyoutPrice, readRM, PRICE_PROBLEM)
        : null,
      description: lot.description,
      notes: lot.notes,
      photoIds: lot.photos.map((photo) => photo.id),
      videoIds: lot.video ? [lot.video.id] : [],
    })),
  };
  return { request, errors };
}

export type Validation =
  | { ok: true; data: CreateAuctionRequest }
  | { ok: false; errors: LotErrors; formError: ErrorCode | null };

/**
 * Every problem of the form at once, each at its field (the first per field), so a merchant with
 * several lots fixes them in one pass; `formError` is the one to tell as a whole (what names no
 * field, such as no lot at all, or else the first). The landing time is judged on `now`, by the
 * rule the server applies on its own clock.
 */
export function validateLots(lots: LotDraft[], now: Date = new Date()): Validation {
  const { request, errors } = toRequest(lots);
  const parsed = createAuctionRequest.safeParse(request);
  let formError: ErrorCode | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = fieldOfPath(issue.path);
      const lot = at && lots[at.index];
      if (at && lot) errors[errorKey(lot, at.field)] ??= issueCode(issue);
      else formError ??= issueCode(issue);
    }
  }
  for (const lot of lots) {
    const landedAt = new Date(lot.landedAt);
    const problem = Number.isNaN(landedAt.getTime()) ? null : landingProblem(landedAt, now);
    if (problem) errors[errorKey(lot, 'landedAt')] ??= problem;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  // As the contract's validationFailure does: 'Please fill in all fields' speaks for the form.
  const codes = Object.values(errors);
  formError ??= codes.includes('REQUIRED_FIELDS') ? 'REQUIRED_FIELDS' : (codes[0] ?? null);
  return { ok: false, errors, formError };
}

/** What is wrong with one field of `lot` as it stands, by the rules of publishing, or null. */
export function fieldCode(
  lot: LotDraft,
  field: LotField,
  now: Date = new Date(),
): ErrorCode | null {
  const result = validateLots([lot], now);
  return (!result.ok && result.errors[errorKey(lot, field)]) || null;
}
