/**
 * Malaysian mobile numbers (PRODUCT.md §3). Accepts `012-345 6789`, `0123456789`, `+60 12-345 6789`
 * and `60123456789`; stores E.164 `+60123456789`.
 *
 * Not libphonenumber-js: its mobile metadata rejects ranges such as 013-000 xxxx that the product's
 * own demo buyers use, and the whole Malaysian mobile rule is one line, so a library would only add
 * weight to the sign-in page.
 */
const SEPARATORS = /[\s\-().]/g;
/** 01X-XXX XXXX (X ≠ 1, 5: 015 is not mobile) or 011-XXXX XXXX, without the trunk 0. */
const MY_MOBILE_NATIONAL = /^(?:1[02-46-9]\d{7}|11\d{8})$/;

export function normalizeMalaysianMobile(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, '');
  let national: string;
  if (compact.startsWith('+60')) national = compact.slice(3);
  else if (compact.startsWith('0060')) national = compact.slice(4);
  else if (compact.startsWith('60')) national = compact.slice(2);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  return MY_MOBILE_NATIONAL.test(national) ? `+60${national}` : null;
}

export function isMalaysianMobile(input: string): boolean {
  return normalizeMalaysianMobile(input) !== null;
}

/** `+60123456789` → `012-345 6789`; `+601112345678` → `011-1234 5678`. */
export function formatMalaysianMobile(e164: string): string {
  const national = `0${e164.replace(/^\+60/, '')}`;
  const head = national.slice(0, 3);
  const rest = national.slice(3);
  const split = rest.length === 8 ? 4 : 3;
  return `${head}-${rest.slice(0, split)} ${rest.slice(split)}`;
}

/** For showing a buyer to a merchant: `012-••• ••89`. */
export function maskMalaysianMobile(e164: string): string {
  const shown = formatMalaysianMobile(e164);
  return shown.slice(0, 4) + shown.slice(4, -2).replace(/\d/g, '•') + shown.slice(-2);
}
