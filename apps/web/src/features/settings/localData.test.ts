import { describe, expect, it } from 'vitest';
import { formatBytes } from './localData';

describe('formatBytes', () => {
  it('reads as phones count sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(340 * 1024)).toBe('340 KB');
    expect(formatBytes(12.5 * 1024 * 1024)).toBe('12.5 MB');
  });
});
