import { describe, expect, it } from 'vitest';
import { compareWithServer, runningBuild } from './appUpdate';

const server = { version: '1.0.0', code: 100, build: '0f3a9c1e22b7d845' };

describe('compareWithServer', () => {
  it('is current when the server serves the running build', () => {
    expect(compareWithServer(server, { version: '1.0.0', build: '0f3a9c1e22b7d845' })).toBe(
      'current',
    );
  });

  it('offers the new version when the build or the version differs', () => {
    expect(compareWithServer(server, { version: '1.0.0', build: 'aaaaaaaaaaaaaaaa' })).toBe(
      'available',
    );
    expect(
      compareWithServer({ ...server, version: '1.1.0' }, { version: '1.0.0', build: null }),
    ).toBe('available');
  });

  it('compares versions only where a side has no build (the dev server, an unbuilt server)', () => {
    expect(compareWithServer(server, { version: '1.0.0', build: null })).toBe('current');
    expect(
      compareWithServer(
        { ...server, build: null },
        { version: '1.0.0', build: '0f3a9c1e22b7d845' },
      ),
    ).toBe('current');
  });
});

describe('runningBuild', () => {
  it('reads the build the page’s index.html records', () => {
    const meta = { getAttribute: (name: string) => (name === 'content' ? 'abc123' : null) };
    const doc = {
      querySelector: (selector: string) => (selector.includes('sm-build') ? meta : null),
    };
    expect(runningBuild(doc as unknown as Document)).toBe('abc123');
    const empty = { querySelector: () => null };
    expect(runningBuild(empty as unknown as Document)).toBeNull();
  });
});
