/**
 * Money is integer sen and quantities are integer tenths of a kg (PRODUCT.md §2); these are the only
 * places that turn them into text and back.
 */

/** Quantity limits of a lot or a bid, in tenths of a kg: 0.1 kg to 100,000 kg. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1_000_000;
/** Price per kg limits, in sen: RM 0.10 to RM 10,000.00. */
export const MIN_PRICE = 10;
export const MAX_PRICE = 1_000_000;
/** Prices (start, buyout, bids) go in steps of RM 0.10. */
export const PRICE_STEP = 10;

/**
 * Amount in sen of `quantity` tenths of a kg at `pricePerKg` sen: rounded half-up once, at the end.
 * Exact in integers: the product stays far below 2^53 within the limits above.
 */
export function amountOf(quantity: number, pricePerKg: number): number {
  return Math.floor((quantity * pricePerKg + 5) / 10);
}

/** Fee in sen at `rateBps` basis points (500 = 5 %), half-up. */
export function feeOf(amount: number, rateBps: number): number {
  return Math.floor((amount * rateBps + 5_000) / 10_000);
}

const grouped = (n: bigint | number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 123450 → `RM 1,234.50`; negative amounts as `-RM 12.00`. */
export function formatRM(sen: number): string {
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(sen);
  return `${sign}RM ${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** 125 → `12.5`; 120 → `12`. */
export function formatKg(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? grouped(whole) : `${grouped(whole)}.${rest}`;
}

/**
 * Why a typed number was not read: a comma that is not a thousands separator ("12,50": Malaysia
 * writes decimals with a dot, so it is refused rather than read as 1,250), more decimals than the
 * unit has, or no number at all.
 */
export type NumberProblem = 'DECIMAL_COMMA' | 'TOO_MANY_DECIMALS' | 'NOT_A_NUMBER';
export type ReadNumber = { value: number } | { problem: NumberProblem };

/** Commas only between groups of three digits: 1,234 and 12,345.5, not 12,50 or 1,2,3. */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** A decimal typed by a person, with at most `decimals` places, as an integer of that scale. */
export function readDecimal(input: string, decimals: number): ReadNumber {
  let text = input.trim();
  if (text.includes(',')) {
    if (!GROUPED.test(text)) return { problem: 'DECIMAL_COMMA' };
    text = text.replace(/,/g, '');
  }
  const match = /^(\d{0,9})(?:\.(\d*))?$/.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { problem: 'NOT_A_NUMBER' };
  if (fraction.length > decimals) return { problem: 'TOO_MANY_DECIMALS' };
  return { value: Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0')) };
}

/** `12.30` or `RM 12.3` → 1230 sen, or why it is not an amount with at most 2 decimals. */
export const readRM = (input: string): ReadNumber =>
  readDecimal(input.replace(/^\s*RM\s*/i, ''), 2);

/** `12.5` or `12.5 kg` → 125 tenths, or why it is not a quantity with at most 1 decimal. */
export const readKg = (input: string): ReadNumber =>
  readDecimal(input.replace(/\s*kg\s*$/i, ''), 1);

const valueOf = (read: ReadNumber): number | null => ('value' in read ? read.value : null);

/** `12.30` or `RM 12.3` → 1230 sen; null when it is not an amount with at most 2 decimals. */
export function parseRM(input: string): number | null {
  return valueOf(readRM(input));
}

/** `12.5` → 125 tenths; null when it is not a quantity with at most 1 decimal. */
export function parseKg(input: string): number | null {
  return valueOf(readKg(input));
}

/** 1230 → `12.30`, for putting a price back into a form field. */
export function senToInput(sen: number): string {
  return `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;
}

/** 125 → `12.5`, for putting a quantity back into a form field. */
export function tenthsToInput(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
