import { MSIC_CODES } from '@sm/contract/msic';
import { describe, expect, it } from 'vitest';
import { searchMsic } from './msicSearch';

const codes = (q: string) => searchMsic(q).map(([code]) => code);

describe('searchMsic', () => {
  it('finds a code by its digits, or by its first digits', () => {
    expect(codes('46312')).toEqual(['46312']);
    expect(codes(' 4631 ')).toEqual(['46311', '46312', '46313', '46314', '46319']);
  });

  it('finds codes by words of their description, any case, each word a word start', () => {
    const fish = codes('FISH');
    expect(fish).toContain('46312');
    expect(fish).toContain('03119'); // Marine fishing n.e.c.
    expect(codes('fish seafood')).toEqual(['46312', '47215']);
    expect(codes('wholesale fish')).toEqual(['46312', '46319', '46901']);
    // "ish" starts no word: no match inside one.
    expect(codes('ish')).not.toContain('46312');
  });

  it('keeps code order, and gives the whole list for an empty search', () => {
    const fish = codes('fish');
    expect(fish).toEqual([...fish].sort());
    expect(searchMsic('  ')).toBe(MSIC_CODES);
  });

  it('finds nothing for what no code has', () => {
    expect(codes('durian fish')).toEqual([]);
  });
});
