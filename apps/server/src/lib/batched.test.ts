import { describe, expect, it } from 'vitest';
import { batched } from './batched.js';

/** A `run` that records each call's items and answers when the test lets it. */
function recordingRun(fail: (item: number) => boolean = () => false) {
  const calls: number[][] = [];
  const release: (() => void)[] = [];
  const run = async (items: number[]) => {
    calls.push(items);
    await new Promise<void>((resolve) => release.push(resolve));
    if (items.some(fail)) throw new Error(`failed: ${items.join(',')}`);
    return items.map((n) => n * 10);
  };
  const releaseAll = async () => {
    // Each call, and the ones its end starts, until none is waiting.
    for (let turns = 0; turns < 100; turns++) {
      await new Promise((resolve) => setImmediate(resolve));
      release.splice(0).forEach((go) => go());
    }
  };
  return { run, calls, releaseAll };
}

describe('batched', () => {
  it('sends an item alone when nothing is under way, and the next ones together', async () => {
    const { run, calls, releaseAll } = recordingRun();
    const call = batched(run, { max: 3, retryAlone: () => true });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => call(n));
    await releaseAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
    // The first finds nothing under way; the others waited and go at most three at a time.
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('sends alone again once the last call has ended', async () => {
    const { run, calls, releaseAll } = recordingRun();
    const call = batched(run, { max: 10, retryAlone: () => true });
    const first = call(1);
    await releaseAll();
    expect(await first).toBe(10);
    const second = call(2);
    await releaseAll();
    expect(await second).toBe(20);
    expect(calls).toEqual([[1], [2]]);
  });

  it('places the items of a refused call one by one: only the failing one fails', async () => {
    const { run, calls, releaseAll } = recordingRun((n) => n === 3);
    const call = batched(run, { max: 10, retryAlone: () => true });
    const answers = [1, 2, 3, 4].map((n) =>
      call(n).then(
        (v) => v,
        (err: Error) => err.message,
      ),
    );
    await releaseAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 'failed: 3', 40]);
    expect(calls).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('fails every item of a call whose failure may have left it done, without a retry', async () => {
    const { run, calls, releaseAll } = recordingRun((n) => n === 3);
    const call = batched(run, { max: 10, retryAlone: () => false });
    const answers = [1, 2, 3].map((n) =>
      call(n).then(
        (v) => v,
        (err: Error) => err.message,
      ),
    );
    await releaseAll();
    expect(await Promise.all(answers)).toEqual([10, 'failed: 2,3', 'failed: 2,3']);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('fails, without a retry, the items of a call that answers a result short', async () => {
    let calls = 0;
    const call = batched(
      async (items: number[]) => {
        calls += 1;
        return items.slice(1);
      },
      { max: 10, retryAlone: () => true },
    );
    const answers = [call(1), call(2), call(3)].map((p) => p.catch((err: Error) => err.message));
    expect(await Promise.all(answers)).toEqual([
      '1 items answered with 0 results',
      '2 items answered with 1 results',
      '2 items answered with 1 results',
    ]);
    expect(calls).toBe(2);
  });
});
