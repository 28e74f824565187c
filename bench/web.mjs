// The web app's figures: the JavaScript each route costs, as Chromium fetches it, and Lighthouse's
// mobile performance for the sign-in page, home, orders, lot detail and wallet, on the market's
// server.
//
// JavaScript per route: each page is opened straight from its URL in a fresh browser context
// (signed in for the later routes; no service worker, whose precache would fetch every chunk), and
// every script it fetches until it has rendered and loads nothing more is gzip-compressed at level
// 9, as the browser received it. The sign-in page counts all its scripts, and signed-in home all
// its own. A later route's own chunks are those it fetches that neither the sign-in page nor any
// other route does (its page chunk and what only it imports); lazy chunks that several routes fetch
// are counted once, in their own row, and each route's note says what opening it right after the
// sign-in page, and right after home, adds in all (the scripts it fetches that the page before did
// not).
//
// Lighthouse: the run of median score of BENCH_LIGHTHOUSE_RUNS (3) per page, with its top
// diagnostics and the requests that started before its LCP; its report (HTML and JSON) is kept in
// bench/results/lighthouse-<page>.*.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { median, sleep } from './lib.mjs';
import { DEMO_MERCHANT } from './market.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(root, 'bench/results');
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LOGIN = '/pages/login/login';
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipOf = (body) => gzipSync(body, { level: 9 }).length;
const chunkName = (url) => path.basename(new URL(url).pathname).replace(/-[\w-]{8}\.js$/, '');

/** The routes of the app, as apps/web/src/lib/paths.ts declares them for the router. */
function appRoutes() {
  const source = readFileSync(path.join(root, 'apps/web/src/lib/paths.ts'), 'utf8');
  const block = /export const PATHS = \{([\s\S]*?)\} as const/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s*(\w+): '([^']+)'/gm)].map(([, name, route]) => ({ name, route }));
}

/** A route of the app by its name in paths.ts; throws if it is gone. */
function routeOf(name) {
  const found = appRoutes().find((r) => r.name === name);
  if (!found) throw new Error(`apps/web/src/lib/paths.ts has no route ${name}`);
  return found.route;
}

/**
 * Opens `url` in a fresh context; answers the scripts fetched (url → body) and where it ended. The
 * network going idle is not enough: on a busy machine the entry can take longer to run than the
 * 500 ms that counts as idle, and the page's chunk is asked for only then. So: the app has
 * rendered, and no script has been asked for or arrived for 1.5 s.
 */
async function scriptsOf(browser, url, storageState) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    storageState,
  });
  const page = await context.newPage();
  const scripts = new Map();
  const bodies = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  const isScript = (req) => req.resourceType() === 'script';
  page.on('request', (req) => {
    if (!isScript(req)) return;
    inFlight += 1;
    lastActivity = performance.now();
  });
  page.on('requestfailed', (req) => {
    if (!isScript(req)) return;
    inFlight -= 1;
    lastActivity = performance.now();
  });
  page.on('requestfinished', async (req) => {
    if (!isScript(req)) return;
    const res = await req.response();
    const body = res?.body().then((b) => scripts.set(req.url(), b));
    if (body) bodies.push(body);
    inFlight -= 1;
    lastActivity = performance.now();
  });
  await page.goto(url, { waitUntil: 'load' });
  // The app has rendered. A locator, not a predicate: the page's CSP forbids the eval that a
  // predicate given as a string needs.
  await page.locator('#root > *').first().waitFor({ state: 'attached' });
  const deadline = performance.now() + 60_000;
  while (inFlight > 0 || performance.now() - lastActivity < 1_500) {
    if (performance.now() > deadline) throw new Error(`${url}: scripts still loading after 60 s`);
    await sleep(100);
  }
  await Promise.all(bodies);
  const landed = new URL(page.url()).hash;
  await context.close();
  return { scripts, landed };
}

/** Signs the demo merchant in through the sign-in form; answers the context's storage state. */
async function signedInState(browser, base) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}/#${LOGIN}`);
  await page.getByLabel('Phone number').fill(DEMO_MERCHANT.phone);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/#\/$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function routeScripts(market, record) {
  const { base } = market;
  const lotId = market.liveLots[0];
  const query = {
    lotDetail: `?id=${lotId}`,
    orderDetail: `?id=${market.orderId}`,
  };
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const signIn = await scriptsOf(browser, `${base}/#${LOGIN}`);
    const state = await signedInState(browser, base);
    const routes = appRoutes().filter(
      ({ name, route }) => route !== LOGIN && name !== 'index', // index: the same page as home
    );
    const pages = [];
    for (const { name, route } of routes) {
      const target = `${route}${query[name] ?? ''}`;
      const opened = await scriptsOf(browser, `${base}/#${target}`, state);
      // Home is `/`, which every hash starts with: the sign-in page is not it.
      if (!opened.landed.startsWith(`#${route}`) || opened.landed.startsWith(`#${LOGIN}`)) {
        throw new Error(`${target} ended on ${opened.landed}: not signed in, or not a route`);
      }
      pages.push({ name, route: target, scripts: opened.scripts });
    }
    const total = (scripts, urls) => urls.reduce((n, url) => n + gzipOf(scripts.get(url)), 0);
    const signInUrls = [...signIn.scripts.keys()];
    const shell = signInUrls.filter((url) => pages.every((p) => p.scripts.has(url)));
    const raw = signInUrls.reduce((n, url) => n + signIn.scripts.get(url).length, 0);
    record(
      'web',
      `sign-in page JS, gzip (${signInUrls.length} files, ${kb(raw)} KB raw)`,
      kb(total(signIn.scripts, signInUrls)),
      'KB',
      '≤ 180 KB',
      `of which the shell every page loads: ${shell.length} files, ${kb(total(signIn.scripts, shell))} KB`,
    );
    // A lazy chunk that one route alone fetches is that route's own; one that several routes
    // fetch (vendor pieces, the contract's schemas) is shared, paid by whichever opens first.
    const users = new Map();
    for (const { scripts } of pages) {
      for (const url of scripts.keys()) users.set(url, (users.get(url) ?? 0) + 1);
    }
    // Signed-in home in all (what a merchant's first visit downloads), and what each other route
    // adds when opened right after it: the scripts it fetches that home did not.
    const home = pages.find((p) => p.name === 'home');
    const homeUrls = [...home.scripts.keys()];
    record(
      'web',
      `home (signed in): all its JS, gzip (${homeUrls.length} files)`,
      kb(total(home.scripts, homeUrls)),
      'KB',
      '≤ 200 KB',
      `beyond the sign-in page's: ${kb(
        total(
          home.scripts,
          homeUrls.filter((url) => !signIn.scripts.has(url)),
        ),
      )} KB`,
    );
    const afterHome = new Map(
      pages
        .filter((p) => p !== home)
        .map((p) => {
          const added = [...p.scripts.keys()].filter((url) => !home.scripts.has(url));
          return [p, { files: added.length, bytes: total(p.scripts, added) }];
        }),
    );
    const shared = new Map();
    for (const p of pages) {
      const added = [...p.scripts.keys()].filter((url) => !signIn.scripts.has(url));
      const own = added.filter((url) => users.get(url) === 1);
      for (const url of added) if (users.get(url) > 1) shared.set(url, p.scripts.get(url));
      const largest = own
        .map((url) => ({ name: chunkName(url), size: gzipOf(p.scripts.get(url)) }))
        .sort((a, b) => b.size - a.size)
        .slice(0, 2)
        .map((c) => `${c.name} ${kb(c.size)}`);
      record(
        'web',
        `route ${p.name}: its own lazy chunks, gzip`,
        kb(total(p.scripts, own)),
        'KB',
        '≤ 60 KB',
        `${own.length}: ${largest.join(', ')}; opened right after sign-in it adds ${kb(total(p.scripts, added))} KB (${added.length} chunks, shared ones too)${afterHome.has(p) ? `, right after home ${kb(afterHome.get(p).bytes)} KB (${afterHome.get(p).files})` : ''}`,
      );
    }
    const sharedUrls = [...shared.keys()];
    const sharedLargest = sharedUrls
      .map((url) => ({ name: chunkName(url), size: gzipOf(shared.get(url)) }))
      .sort((a, b) => b.size - a.size)
      .slice(0, 4)
      .map((c) => `${c.name} ${kb(c.size)}`);
    record(
      'web',
      `lazy chunks shared by routes (${sharedUrls.length}), gzip, all together`,
      kb(total(shared, sharedUrls)),
      'KB',
      null,
      `largest: ${sharedLargest.join(', ')}`,
    );
    const mostAfterHome = [...afterHome]
      .sort(([, a], [, b]) => b.bytes - a.bytes)
      .map(([p, added]) => `${p.name} ${kb(added.bytes)} (${added.files})`);
    record(
      'web',
      'a route opened right after home: the most it adds, gzip',
      kb(Math.max(...[...afterHome.values()].map((added) => added.bytes))),
      'KB',
      '≤ 40 KB',
      `KB (files): ${mostAfterHome.slice(0, 4).join(', ')}; every route's in its row`,
    );
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's diagnostics of a run that it estimates would save the most (its report's
 * "Diagnostics", opportunities included): audits not passed, by the time they would save (the
 * most of LCP, FCP and TBT savings, or the opportunity's own estimate), then by bytes.
 */
function topDiagnostics(lhr, n = 3) {
  const found = [];
  for (const ref of lhr.categories.performance.auditRefs) {
    // The LCP element's audit claims as savings all of LCP above the good threshold: the
    // element is named in the row instead.
    if (ref.group !== 'diagnostics' || ref.id === 'largest-contentful-paint-element') continue;
    const audit = lhr.audits[ref.id];
    // Informative audits (long tasks, chains) only echo what the others estimate.
    if (audit.scoreDisplayMode !== 'metricSavings' && audit.scoreDisplayMode !== 'numeric')
      continue;
    if ((audit.score ?? 0) >= 0.9) continue;
    const savings = audit.metricSavings ?? {};
    const ms = Math.max(
      audit.details?.overallSavingsMs ?? 0,
      savings.LCP ?? 0,
      savings.FCP ?? 0,
      savings.TBT ?? 0,
    );
    const bytes = audit.details?.overallSavingsBytes ?? 0;
    if (ms > 0 || bytes > 0) found.push({ id: ref.id, ms, bytes });
  }
  return found
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
    .slice(0, n)
    .map(
      ({ id, ms, bytes }) =>
        `${id} ${Math.round(ms)} ms${bytes > 0 ? ` ${Math.round(bytes / 1024)} KB` : ''}`,
    );
}

/**
 * The page's requests that started before its largest contentful paint, in the run's own
 * (unthrottled) trace: the document, scripts, styles, fonts and API calls the paint could wait
 * for. The service worker's are not the page's.
 */
function requestsBeforeLcp(lhr) {
  const lcpTs = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaintTs;
  const network = lhr.audits['network-requests']?.details;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (!lcpTs || !startTs) return null;
  const lcp = (lcpTs - startTs) / 1000; // ms after the first request, as the items' times
  const before = network.items.filter(
    (r) =>
      r.sessionTargetType === 'page' &&
      !/^(data|blob):/.test(r.url) &&
      r.rendererStartTime !== undefined &&
      r.rendererStartTime < lcp,
  );
  return {
    count: before.length,
    scripts: before.filter((r) => r.resourceType === 'Script').length,
    lcp,
  };
}

/** The largest contentful paint's element: its tag and the start of its text. */
function lcpElementOf(lhr) {
  const node =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (!node) return 'unknown';
  const tag = /^<(\w+)/.exec(node.snippet ?? '')?.[1] ?? '?';
  const text = node.nodeLabel ?? '';
  return `${tag} "${text.length > 24 ? `${text.slice(0, 24)}…` : text}"`;
}

/** Lighthouse (its default mobile emulation and simulated throttling) on `url`, `runs` times. */
async function lighthouseRuns(page, url, runs, name) {
  const results = [];
  let failures = 0;
  while (results.length < runs) {
    const { lhr, report } = await lighthouse(
      url,
      { logLevel: 'error', output: ['html', 'json'], onlyCategories: ['performance'] },
      undefined,
      page,
    );
    // A trace that failed to record (NO_NAVSTART and the like, on a busy machine) is run again,
    // as Lighthouse advises; twice in a row is an error.
    if (lhr.runtimeError) {
      failures += 1;
      if (failures > 2) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      continue;
    }
    results.push({
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      version: lhr.lighthouseVersion,
      finalUrl: lhr.finalDisplayedUrl,
      load: loadavg()[0],
      top: topDiagnostics(lhr),
      lcpElement: lcpElementOf(lhr),
      beforeLcp: requestsBeforeLcp(lhr),
      report,
    });
  }
  // The run of median score stands for all (Lighthouse's own advice for noisy machines); its
  // report is kept beside the results, to see where the time went.
  const chosen = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
  mkdirSync(RESULTS, { recursive: true });
  const [html, json] = chosen.report;
  writeFileSync(path.join(RESULTS, `lighthouse-${name}.html`), html);
  writeFileSync(path.join(RESULTS, `lighthouse-${name}.json`), json);
  // The requests before LCP in an unthrottled trace move with the machine's load: the median of
  // the runs.
  const counted = results.filter((r) => r.beforeLcp);
  const beforeLcp = counted.length
    ? {
        count: median(counted.map((r) => r.beforeLcp.count)),
        scripts: median(counted.map((r) => r.beforeLcp.scripts)),
        lcp: median(counted.map((r) => r.beforeLcp.lcp)),
      }
    : null;
  return { ...chosen, beforeLcp, benchmarkIndexes: results.map((r) => r.benchmarkIndex) };
}

async function lighthouseFigures(market, record) {
  const { base } = market;
  const browser = await puppeteer.launch({
    executablePath: chromiumLaunchOptions.executablePath,
    args: [...chromiumLaunchOptions.args, '--headless=new'],
    headless: true,
    defaultViewport: null,
  });
  const benchmarkIndexes = [];
  let version = '?';
  try {
    const page = await browser.newPage();
    const measure = async ({ label, name, route }) => {
      const r = await lighthouseRuns(page, `${base}/#${route}`, LIGHTHOUSE_RUNS, name);
      const landed = new URL(r.finalUrl).hash;
      const signedOut = route !== LOGIN && landed.startsWith(`#${LOGIN}`);
      if (signedOut || !landed.startsWith(`#${route.split('?')[0]}`)) {
        throw new Error(`Lighthouse's ${name} run ended on ${r.finalUrl}`);
      }
      benchmarkIndexes.push(...r.benchmarkIndexes);
      version = r.version;
      const before = r.beforeLcp
        ? `${r.beforeLcp.count} requests before LCP (${r.beforeLcp.scripts} scripts)`
        : 'requests before LCP unknown';
      record(
        'web',
        `Lighthouse mobile, ${label}: performance (median of ${LIGHTHOUSE_RUNS})`,
        r.score,
        '',
        '≥ 95',
        `LCP ${(r.lcp / 1000).toFixed(2)} s (${r.lcpElement}), TBT ${Math.round(r.tbt)} ms; ${before}; top: ${r.top.join(', ') || 'none'}; benchmarkIndex ${Math.round(r.benchmarkIndex)}, load ${r.load.toFixed(1)}`,
      );
      return r;
    };
    await measure({ label: 'sign-in page', name: 'sign-in', route: LOGIN });

    // The later pages need the session cookie and the app's sign-in marker in local storage;
    // Lighthouse clears the cache and the service worker before each run but keeps both.
    await page.goto(`${base}/#${LOGIN}`);
    await page.locator('::-p-aria(Phone number)').fill(DEMO_MERCHANT.phone);
    await page.locator('::-p-aria(Password)').fill(DEMO_MERCHANT.password);
    await page.locator('::-p-aria([name="Login"][role="button"])').click();
    // Home's URL, watched from here: the page's CSP forbids the eval a page-side predicate needs.
    for (const until = Date.now() + 30_000; !page.url().endsWith('#/'); await sleep(100)) {
      if (Date.now() > until) throw new Error(`signed in, yet not home: ${page.url()}`);
    }
    const home = await measure({ label: 'home (signed in)', name: 'home', route: '/' });
    if (home.beforeLcp) {
      record(
        'web',
        'home (signed in): requests before its LCP',
        home.beforeLcp.count,
        '',
        '≤ 15',
        `of them ${home.beforeLcp.scripts} scripts; median of the runs' unthrottled traces (LCP observed at ${Math.round(home.beforeLcp.lcp)} ms)`,
      );
    }
    await measure({ label: 'orders', name: 'orders', route: routeOf('orders') });
    await measure({
      label: 'lot detail',
      name: 'lot-detail',
      route: `${routeOf('lotDetail')}?id=${market.liveLots[0]}`,
    });
    await measure({ label: 'wallet', name: 'wallet', route: routeOf('wallet') });
  } finally {
    await browser.close();
  }
  const index = median(benchmarkIndexes);
  record(
    'web',
    `Lighthouse benchmarkIndex of this machine (median of ${benchmarkIndexes.length} runs)`,
    Math.round(index),
    '',
    null,
    `Lighthouse ${version}; ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}; the simulation assumes ≈ 1 500 and up${index < 1000 ? ': under 1 000 Lighthouse warns this CPU is slower than it assumes, TBT and LCP are overstated' : ''}`,
  );
}

/** Runs the web figures on the market's server; `record(area, metric, value, unit, budget, note)`. */
export async function benchWeb(market, record) {
  await routeScripts(market, record);
  // BENCH_LIGHTHOUSE_RUNS=0: the sizes alone, a minute's check of a change to the chunks.
  if (LIGHTHOUSE_RUNS > 0) await lighthouseFigures(market, record);
}
