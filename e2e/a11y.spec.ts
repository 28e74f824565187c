import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { PATHS } from '../apps/web/src/lib/paths';
import {
  advanceClock,
  bid,
  buyerSession,
  FIFTEEN_MINUTES,
  publishAuction,
  signIn,
  unique,
  untilStill,
  useLocale,
} from './helpers';
import { test } from './test';

/**
 * axe-core on every route of the app and its main sheets and dialogs, in each of the three
 * languages: the WCAG 2.0 and 2.1 A and AA rules, and heading order (a best practice, named in
 * issue 21). A serious or critical violation, or a skipped heading level, fails the language's
 * test; each is listed first, in a table of screen × language.
 */

test.use({ timezoneId: 'Asia/Kuala_Lumpur' });
// One test per part of the screens and language, each with its own page and data: the two
// workers share the nine.
test.describe.configure({ mode: 'parallel' });

const LOCALES = ['en', 'zh', 'my'] as const;
type Locale = (typeof LOCALES)[number];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Rules outside the tags that are checked, and fail at any impact. */
const ALSO = ['heading-order'];

type Messages = { [key: string]: string | Messages };
const messages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(
      readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
    ) as Messages,
  ]),
) as Record<Locale, Messages>;

/** A text of the app in a language, by its key ('wallet.withdraw'). */
type T = (key: string) => string;
const translator =
  (locale: Locale): T =>
  (key) => {
    const value = key
      .split('.')
      .reduce<string | Messages | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        messages[locale],
      );
    if (typeof value !== 'string') throw new Error(`no text ${key} in ${locale}`);
    return value;
  };

/** What the test needs ids of: lots and an order made for it. */
interface Fixture {
  liveLotId: string;
  liveLotName: string;
  endedLotId: string;
  endedLotName: string;
  paidOrderId: string;
  paidOrderNumber: string;
}

interface Screen {
  name: string;
  route: string;
  /** The route's query, for a page about one lot or order. */
  query?: (fixture: Fixture) => string;
  /** Read without a session (sign-in and its neighbours). */
  guest?: boolean;
  /** Shown once the page has its data. */
  ready?: (page: Page, t: T, fixture: Fixture) => Promise<void>;
  /** Sheets and dialogs the page opens, each checked with the page under it. */
  overlays?: { name: string; open: (page: Page, t: T) => Promise<void> }[];
}

const byText = (text: string) => async (page: Page) => {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: 'sign-in', route: PATHS.login, guest: true },
  { name: 'register', route: PATHS.login, query: () => '?mode=register', guest: true },
  { name: 'forgot password', route: PATHS.forgetPassword, guest: true },
  // Public, for the register form links to them: the same page signed in or out.
  { name: 'terms', route: PATHS.terms, guest: true },
  { name: 'privacy', route: PATHS.privacy, guest: true },
  {
    name: 'home',
    route: PATHS.home,
    ready: (page, _t, fixture) => byText(fixture.liveLotName)(page),
  },
  {
    name: 'home (index)',
    route: PATHS.index,
    ready: (page, _t, fixture) => byText(fixture.liveLotName)(page),
  },
  {
    name: 'orders',
    route: PATHS.orders,
    ready: (page, _t, fixture) => byText(fixture.paidOrderNumber)(page),
    overlays: [
      {
        name: 'export sheet',
        open: async (page, t) => {
          await page.getByRole('button', { name: t('orders.export') }).click();
          await expect(page.getByRole('option', { name: t('orders.exportAs.csv') })).toBeVisible();
        },
      },
      {
        name: 'date range calendar',
        open: async (page, t) => {
          await page.getByRole('button', { name: t('orders.periods.custom') }).click();
          await expect(page.getByText(t('orders.customRange'))).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'order detail',
    route: PATHS.orderDetail,
    query: (fixture) => `?id=${fixture.paidOrderId}`,
    ready: (page, _t, fixture) => byText(fixture.paidOrderNumber)(page),
    overlays: [
      {
        name: 'status confirm',
        open: async (page, t) => {
          await page
            .getByRole('button', { name: t('orderDetail.next.ready_for_pickup'), exact: true })
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'create auction',
    route: PATHS.auctionCreate,
    ready: async (page, t) => {
      await expect(page.getByLabel(t('auctionForm.species')).first()).toBeVisible();
    },
    overlays: [
      {
        name: 'species picker',
        open: async (page, t) => {
          await page.getByLabel(t('auctionForm.species')).first().click();
          await expect(page.getByRole('button', { name: t('common.cancel') })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'lot detail (live, bids)',
    route: PATHS.lotDetail,
    query: (fixture) => `?id=${fixture.liveLotId}`,
    ready: (page, _t, fixture) => byText(fixture.liveLotName)(page),
  },
  {
    name: 'lot detail (ended, awarded)',
    route: PATHS.lotDetail,
    query: (fixture) => `?id=${fixture.endedLotId}`,
    ready: (page, _t, fixture) => byText(fixture.endedLotName)(page),
  },
  {
    name: 'profile',
    route: PATHS.profile,
    overlays: [
      {
        name: 'language sheet',
        open: async (page, t) => {
          await page.getByText(t('profile.language'), { exact: true }).click();
          await expect(page.getByText(t('profile.chooseLanguage'))).toBeVisible();
        },
      },
      {
        name: 'log out confirm',
        open: async (page, t) => {
          await page.getByRole('button', { name: t('profile.logout') }).click();
          await expect(page.getByText(t('profile.logoutConfirm'))).toBeVisible();
        },
      },
    ],
  },
  { name: 'about', route: PATHS.about },
  { name: 'faq', route: PATHS.faq },
  { name: 'store', route: PATHS.store },
  {
    name: 'tax details',
    route: PATHS.taxDetails,
    overlays: [
      {
        name: 'MSIC code sheet',
        open: async (page, t) => {
          await page.getByLabel(t('taxDetails.msicCode')).click();
          await expect(
            page.getByRole('dialog', { name: t('taxDetails.chooseMsic') }),
          ).toBeVisible();
        },
      },
    ],
  },
  { name: 'basic info', route: PATHS.basicInfo },
  { name: 'menu', route: PATHS.menu },
  { name: 'business records', route: PATHS.businessRecords },
  { name: 'bank account', route: PATHS.bankAccount },
  {
    name: 'wallet',
    route: PATHS.wallet,
    overlays: [
      {
        name: 'withdraw sheet',
        open: async (page, t) => {
          await page
            .getByRole('region', { name: t('wallet.balance') })
            .getByRole('button', { name: t('wallet.withdraw') })
            .click();
          await expect(page.getByRole('dialog', { name: t('wallet.withdrawTitle') })).toBeVisible();
        },
      },
    ],
  },
  { name: 'general settings', route: PATHS.general },
  { name: 'printer', route: PATHS.printer },
  {
    name: 'boats',
    route: PATHS.boats,
    ready: byText('SLF 4521'),
    overlays: [
      {
        name: 'add boat sheet',
        open: async (page, t) => {
          await page.getByRole('button', { name: t('boats.addBoat') }).click();
          await expect(page.getByLabel(t('boats.boatNumber'))).toBeVisible();
        },
      },
    ],
  },
  { name: 'cold rooms', route: PATHS.coldRooms, ready: byText('Bilik Sejuk Jeti') },
  {
    name: 'notifications',
    route: PATHS.notifications,
    overlays: [
      {
        name: 'settings sheet',
        open: async (page, t) => {
          await page.getByRole('button', { name: t('notifications.openSettings') }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
];

/** A lot ended with two awarded buyers (one has paid), and a live lot with two bids. */
async function makeFixture(page: Page, request: APIRequestContext, baseURL: string) {
  const buyer1 = await buyerSession(baseURL, '013-000 0001');
  const buyer2 = await buyerSession(baseURL, '013-000 0002');
  const endedLotName = unique('A11y ended kembung');
  const ended = await publishAuction(page, [
    { name: endedLotName, quantity: 1000, startPrice: 1000 },
  ]);
  const endedLotId = ended.lotIds[0]!;
  await bid(buyer1, endedLotId, 300, 1200);
  await bid(buyer2, endedLotId, 500, 1300);
  await advanceClock(request, FIFTEEN_MINUTES);

  let order: { id: string; number: string } | undefined;
  await expect
    .poll(async () => {
      const body = (await (await buyer2.get('/api/buyer/orders')).json()) as {
        items: { id: string; number: string; lotId: string }[];
      };
      order = body.items.find((item) => item.lotId === endedLotId);
      return order?.number ?? '';
    })
    .toMatch(/^SO\d{12}$/);
  const paid = await buyer2.post(`/api/buyer/orders/${order!.id}/pay`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  const liveLotName = unique('A11y live kembung');
  const live = await publishAuction(page, [
    { name: liveLotName, quantity: 1000, startPrice: 1000, buyoutPrice: 3000 },
  ]);
  const liveLotId = live.lotIds[0]!;
  await bid(buyer1, liveLotId, 200, 1100);
  await bid(buyer2, liveLotId, 400, 1150);
  return {
    liveLotId,
    liveLotName,
    endedLotId,
    endedLotName,
    paidOrderId: order!.id,
    paidOrderNumber: order!.number,
  };
}

/** The page has drawn its route: its title, and no loading placeholder left. */
async function settle(page: Page, t: T) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loading = t('common.loading');
  await expect
    .poll(() =>
      page.evaluate((text) => {
        const main = document.querySelector('main');
        if (!main || main.childElementCount === 0) return false;
        return Array.from(document.querySelectorAll('[role="status"]')).every(
          (node) => node.getAttribute('aria-label') !== text && !node.textContent?.includes(text),
        );
      }, loading),
    )
    .toBe(true);
}

interface Finding {
  rule: string;
  impact: string;
  /** Each node: its selector, and for contrast its colours and ratio. */
  nodes: string[];
}

async function audit(page: Page): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(ALSO.map((rule) => [rule, { enabled: true }])) })
    .withTags(TAGS)
    .analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? '') || ALSO.includes(violation.id))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.map((node) => {
        const data = node.any[0]?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.contrastRatio
          ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})`
          : '';
        return `${node.target.join(' ')}${colours}`;
      }),
    }));
}

type Results = Record<string, Partial<Record<Locale, Finding[]>>>;

/** Screen × language: how many nodes fail, and the rules. */
function table(results: Results) {
  const rows = Object.keys(results);
  const width = Math.max(...rows.map((row) => row.length));
  const cell = (findings: Finding[] | undefined) => {
    if (!findings) return '–';
    const n = findings.reduce((sum, f) => sum + f.nodes.length, 0);
    return n === 0 ? '0' : `${n} (${findings.map((f) => f.rule).join(', ')})`;
  };
  return [
    `${'screen'.padEnd(width)} | ${LOCALES.join(' | ')}`,
    ...rows.map(
      (row) => `${row.padEnd(width)} | ${LOCALES.map((l) => cell(results[row]?.[l])).join(' | ')}`,
    ),
  ].join('\n');
}

async function guestPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kuala_Lumpur',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Where each part after the first begins. */
const PART_STARTS = ['profile', 'wallet'].map((name) => SCREENS.findIndex((s) => s.name === name));
/**
 * The screens in three parts of about a minute each, so that the workers share them and no test
 * nears its time limit. The first holds every screen that reads the fixture's lots and order.
 */
const PARTS = [0, ...PART_STARTS].map((start, i) => SCREENS.slice(start, PART_STARTS[i]));

/** What a part without the fixture passes: a screen that reads it fails, naming what it read. */
const NO_FIXTURE = new Proxy({} as Fixture, {
  get(_, key) {
    throw new Error(`a screen reads fixture.${String(key)}: put it in the first part`);
  },
});

for (const locale of LOCALES) {
  PARTS.forEach((screens, part) =>
    test(`axe: no serious or critical violation on any route, sheet or dialog in ${locale}, part ${part + 1}`, async ({
      page,
      request,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(300_000);
      const t = translator(locale);
      // Every route of the app is checked, each screen in one part.
      const covered = new Set(SCREENS.map((screen) => screen.route));
      expect(Object.values(PATHS).filter((route) => !covered.has(route))).toEqual([]);
      expect(PARTS.flat()).toEqual(SCREENS);

      await signIn(page);
      const fixture = part === 0 ? await makeFixture(page, request, baseURL!) : NO_FIXTURE;
      const guest = screens.some((screen) => screen.guest)
        ? await guestPage(browser, baseURL!)
        : null;
      // The language is read when the app starts.
      if (guest) await useLocale(guest, locale);
      await useLocale(page, locale);
      await page.reload();

      const results: Results = {};
      for (const screen of screens) {
        const target = screen.guest ? guest! : page;
        await target.goto(`/#${screen.route}${screen.query?.(fixture) ?? ''}`);
        await settle(target, t);
        await screen.ready?.(target, t, fixture);
        const findings = await audit(target);
        results[screen.name] = { [locale]: findings };
        const seen = new Set(findings.flatMap((f) => f.nodes.map((node) => `${f.rule} ${node}`)));
        for (const overlay of screen.overlays ?? []) {
          await overlay.open(target, t);
          // Sheets slide and fade in: check them once they stand still.
          await untilStill(target);
          // What the sheet adds: the page under it was checked above.
          results[`${screen.name} › ${overlay.name}`] = {
            [locale]: (await audit(target))
              .map((f) => ({ ...f, nodes: f.nodes.filter((n) => !seen.has(`${f.rule} ${n}`)) }))
              .filter((f) => f.nodes.length > 0),
          };
          // A fresh start closes whatever the sheet left open.
          await target.reload();
          await settle(target, t);
        }
      }

      await guest?.context().close();

      // This part of the language's column, kept beside the others' for one table of the run.
      const dir = path.join(testInfo.project.outputDir, 'a11y');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${locale}-${part + 1}.json`), JSON.stringify(results));
      const all: Results = {};
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const column = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Results;
        for (const [row, cells] of Object.entries(column)) all[row] = { ...all[row], ...cells };
      }
      const summary = table(all);
      console.log(`axe: serious and critical nodes (and heading order), by screen:\n${summary}`);
      await testInfo.attach('axe-table.txt', { body: summary, contentType: 'text/plain' });
      const details = Object.entries(results).flatMap(([row, cells]) =>
        (cells[locale] ?? []).map(
          (f) => `${row} [${locale}] ${f.rule} (${f.impact}):\n  ${f.nodes.join('\n  ')}`,
        ),
      );
      await testInfo.attach(`axe-violations-${locale}.txt`, {
        body: details.join('\n') || 'none',
        contentType: 'text/plain',
      });
      expect(details).toEqual([]);
    }),
  );
}
