/**
 * The first page's data, as the boot asked for it (app/prefetch.ts): the app's first render waits
 * for it a while, so that a signed-in page draws with its data in one render, sliced as a
 * transition (main.tsx), rather than as a skeleton whose data then re-renders the whole page in
 * one long task: on a phone, 200 ms in which a tap waits.
 */
let firstData: Promise<unknown> = Promise.resolve();

export const expectFirstData = (data: Promise<unknown>): void => {
  firstData = data;
};

/** Settles once the first page's answers are in (or failed), or after `capMs`, whichever first. */
export const whenFirstData = (capMs: number): Promise<unknown> =>
  Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, capMs))]);
