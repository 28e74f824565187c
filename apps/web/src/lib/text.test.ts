import { describe, expect, it } from 'vitest';
import { sameWords } from './text';

describe('sameWords', () => {
  it('ignores case and spacing, not words', () => {
    expect(sameWords('Ikan Kembung', ' ikan  kembung ')).toBe(true);
    expect(sameWords('Ikan Kembung', 'Ikan Kembung segar')).toBe(false);
  });
});
