import { MSIC_CODES } from '@sm/contract/msic';

/**
 * Searching LHDN's MSIC list (1,174 codes). Imported only by the Tax details page: the list is
 * about 80 KB and must stay in that page's chunk, out of the app's entry.
 */
export type MsicEntry = (typeof MSIC_CODES)[number];

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Each entry's code and description as words, made on the first search. */
let index: string[][] | null = null;
const indexOf = () =>
  (index ??= MSIC_CODES.map(([code, description]) => wordsOf(`${code} ${description}`)));

/**
 * The codes whose code or description has a word starting with each word searched, in code
 * order: "46312", "463", "fish", "fish seafood", "Wholesale of fish". Empty: the whole list.
 */
export function searchMsic(q: string): readonly MsicEntry[] {
  const wanted = wordsOf(q);
  if (wanted.length === 0) return MSIC_CODES;
  const words = indexOf();
  return MSIC_CODES.filter((_, i) =>
    wanted.every((w) => words[i]!.some((word) => word.startsWith(w))),
  );
}

export { msicDescription } from '@sm/contract/msic';
