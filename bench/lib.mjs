// What the benchmarks share: waiting for a server to answer, and printing a row of figures.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 2xx; polls every 25 ms, so a start-up time read after it is close. */
export async function waitHealthy(url, timeoutMs = 60_000) {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} not healthy in ${timeoutMs / 1000} s`);
    await sleep(25);
  }
}

/** One figure as a line of the console table. */
export function printRow({ area, metric, value, unit, budget, note = '' }) {
  console.log(
    `${area.padEnd(8)} ${metric.padEnd(52)} ${String(value).padStart(9)} ${unit.padEnd(4)} ${budget ?? ''} ${note}`,
  );
}
