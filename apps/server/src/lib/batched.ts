/**
 * One call of `run` at a time, for the items that arrived while the previous call was under way:
 * an item that finds nothing under way goes at once, alone; under load the items of the moment
 * share one call (a group commit: one round trip and one transaction for many bids). `run`
 * answers one result per item, in their order. A call of several items that fails in a way that
 * `retryAlone` says left nothing behind (the database refused it and rolled it back) is made again
 * for each item alone, so that what failed fails alone and the others go through; any other
 * failure (a lost connection: the call may have committed) fails them all.
 */
export function batched<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { max, retryAlone }: { max: number; retryAlone: (err: unknown) => boolean },
): (item: I) => Promise<O> {
  if (!(max >= 1)) throw new Error(`batched: max ${max}`);
  type Waiting = { item: I; resolve: (result: O) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  const settle = async (batch: Waiting[]): Promise<void> => {
    let results: O[];
    try {
      results = await run(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length > 1 && retryAlone(err)) for (const w of batch) await settle([w]);
      else for (const w of batch) w.reject(err);
      return;
    }
    if (results.length !== batch.length) {
      // A call that answered wrongly may have done its work: nothing is made again.
      const err = new Error(`${batch.length} items answered with ${results.length} results`);
      for (const w of batch) w.reject(err);
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  };

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, max);
      queue = queue.slice(max);
      await settle(batch);
    }
    running = false;
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
