import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster.js';

describe('replacing a dead worker', () => {
  it('waits longer each time a replacement dies young, up to a minute', () => {
    const waits: number[] = [];
    let wait = 0;
    for (let i = 0; i < 8; i++) waits.push((wait = restartDelay(wait, 500)));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('replaces at once one that had served a minute, whatever came before', () => {
    expect(restartDelay(60_000, 60_000)).toBe(0);
    expect(restartDelay(0, 3_600_000)).toBe(0);
  });
});
