import { expect, type Page } from '@playwright/test';
import {
  fakePrinter,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  untilStill,
  useLocale,
} from './helpers';
import { test } from './test';

/** The setup page, reached as a merchant does: Profile, then Printer setup. */
async function openSetup(page: Page) {
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await page.getByText('Printer setup', { exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/printer$/);
  await expect(page.getByRole('heading', { name: 'Printer setup', level: 1 })).toBeVisible();
}

const sheet = (page: Page) => page.getByRole('dialog', { name: /printer/i });
const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Printers' }).getByRole('listitem', { name });

/** Fills the add form and saves: every printer of these tests goes through the form. */
async function addPrinter(
  page: Page,
  printer: { name: string; kind: string; paper?: string; host?: string; port?: string },
) {
  await page.getByRole('button', { name: 'Add printer' }).click();
  const form = sheet(page);
  await form.getByLabel('Printer name').fill(printer.name);
  await form.getByRole('option', { name: printer.kind }).click();
  if (printer.paper) await form.getByRole('option', { name: printer.paper }).click();
  if (printer.host !== undefined)
    await form.getByLabel('IP address or host name').fill(printer.host);
  if (printer.port !== undefined) await form.getByLabel('Port', { exact: true }).fill(printer.port);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(card(page, printer.name)).toBeVisible();
}

/** As in Safari and Firefox: no Web Bluetooth, whatever this Chromium build has. */
const withoutBluetooth = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'bluetooth', { value: undefined });
  });

test.beforeEach(({ page }) => withoutBluetooth(page));

test('a network printer gets the test page as ESC/POS over TCP', async ({ page, request }) => {
  const printer = await fakePrinter();
  try {
    const merchant = await registerMerchant(request);
    await signIn(page, merchant.phone, merchant.password);
    await openSetup(page);
    await expect(page.getByText('No printers yet')).toBeVisible();

    // The form checks the address before the API sees it.
    await page.getByRole('button', { name: 'Add printer' }).click();
    const form = sheet(page);
    await expect(form.getByRole('heading', { name: 'Add printer' })).toBeVisible();
    await form.getByLabel('Printer name').fill('Counter');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('Fill this in');
    await form.getByLabel('IP address or host name').fill('127.0.0.1');
    await form.getByLabel('Port', { exact: true }).fill('70000');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter a port from 1 to 65535');
    await form.getByLabel('Port', { exact: true }).fill(String(printer.port));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    const counter = card(page, 'Counter');
    await expect(counter).toContainText(`127.0.0.1:${printer.port}`);
    await expect(counter).toContainText('58 mm');
    await counter.getByRole('button', { name: 'Test print' }).click();
    await expect(page.getByText('Sent to Counter')).toBeVisible();

    await expect.poll(() => printer.jobs.length).toBe(1);
    const job = printer.jobs[0]!;
    expect([...job.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    // GS v 0, 48 bytes (384 dots) a row: the 58 mm raster of the test page.
    expect([...job.subarray(2, 8)]).toEqual([0x1d, 0x76, 0x30, 0, 48, 0]);
    expect([...job.subarray(-4)]).toEqual([0x1d, 0x56, 66, 0]);

    // Edited to 80 mm, it prints 72 bytes a row.
    await counter.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByRole('heading', { name: 'Edit printer' })).toBeVisible();
    await expect(form.getByLabel('Printer name')).toHaveValue('Counter');
    await form.getByRole('option', { name: '80 mm' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(counter).toContainText('80 mm');
    await counter.getByRole('button', { name: 'Test print' }).click();
    await expect.poll(() => printer.jobs.length).toBe(2);
    expect([...printer.jobs[1]!.subarray(2, 8)]).toEqual([0x1d, 0x76, 0x30, 0, 72, 0]);

    // Nothing listening: the merchant is told, and nothing hangs.
    await printer.close();
    await counter.getByRole('button', { name: 'Test print' }).click();
    await expect(page.getByText('Print failed: Printer not reachable')).toBeVisible();

    await counter.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No printers yet')).toBeVisible();
  } finally {
    await printer.close().catch(() => {});
  }
});

test('Bluetooth says when the browser lacks it; the print dialog gets the test page', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await openSetup(page);

  await page.getByRole('button', { name: 'Add printer' }).click();
  await sheet(page).getByRole('option', { name: 'Bluetooth' }).click();
  await expect(sheet(page).getByRole('note')).toContainText('cannot reach Bluetooth printers');
  await sheet(page).getByRole('button', { name: 'Cancel' }).click();

  await addPrinter(page, { name: 'Pocket', kind: 'Bluetooth' });
  const pocket = card(page, 'Pocket');
  await expect(pocket).toContainText('cannot reach Bluetooth printers');
  await expect(pocket.getByRole('button', { name: 'Test print' })).toBeDisabled();

  await addPrinter(page, { name: 'Office', kind: 'Print dialog', paper: '80 mm' });
  // A print frame's print() notes what it would print instead of opening the dialog.
  await page.evaluate(() => {
    const watch = (node: Node) => {
      if (!(node instanceof HTMLIFrameElement)) return;
      node.addEventListener('load', () => {
        const win = node.contentWindow as (Window & typeof globalThis) | null;
        if (!win) return;
        win.print = () => {
          const img = win.document.images[0];
          const style = win.document.querySelector('style')?.textContent ?? '';
          (window as unknown as { printed: unknown }).printed = {
            width: img?.naturalWidth,
            page: /@page \{ size: (\S+ \S+);/.exec(style)?.[1],
          };
        };
      });
    };
    new MutationObserver((records) =>
      records.forEach((record) => record.addedNodes.forEach(watch)),
    ).observe(document.body, { childList: true });
  });
  const pngAsked = page.waitForResponse((r) => r.url().includes('/api/printers/test-page.png'));
  await card(page, 'Office').getByRole('button', { name: 'Test print' }).click();
  const png = await pngAsked;
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect(png.url()).toContain('paperWidth=80');
  expect(png.url()).toContain('name=Office');
  // The frame had the slip's image, 576 dots wide, on an 80 mm page as tall as the image.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed?: unknown }).printed))
    .toEqual({ width: 576, page: expect.stringMatching(/^80mm \d+mm$/) });
});

const SCREENS = {
  en: { title: 'Printer setup', add: 'Add printer', test: 'Test print' },
  zh: { title: '打印机设置', add: '添加打印机', test: '测试打印' },
  my: { title: 'Tetapan pencetak', add: 'Tambah pencetak', test: 'Cetakan ujian' },
} as const;

test.describe('screenshots', () => {
  let merchant: { phone: string; password: string };
  let port: number;
  let close: () => Promise<void>;

  test.beforeAll(async ({ browser, request }) => {
    const printer = await fakePrinter();
    port = printer.port;
    close = printer.close;
    merchant = await registerMerchant(request);
    const page = await browser.newPage();
    await withoutBluetooth(page);
    await signIn(page, merchant.phone, merchant.password);
    await openSetup(page);
    await addPrinter(page, {
      name: 'Kaunter depan (pencetak resit utama)',
      kind: 'Network',
      host: 'pencetak-kaunter-utama.kedai.local',
      port: String(port),
    });
    await addPrinter(page, { name: '冷库蓝牙打印机', kind: 'Bluetooth', paper: '80 mm' });
    await addPrinter(page, { name: 'Office', kind: 'Print dialog' });
    await page.close();
  });
  test.afterAll(async () => {
    await close?.();
  });

  for (const [locale, text] of Object.entries(SCREENS)) {
    test(`printer setup in ${locale}`, async ({ page }, testInfo) => {
      await signIn(page, merchant.phone, merchant.password);
      await useLocale(page, locale);
      await page.goto('/#/pages/profile/printer');
      await page.reload();
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: text.test })).toHaveCount(3);
      await snap(page, testInfo, `printer-setup-${locale}`);

      await page.getByRole('button', { name: text.add }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The sheet slides up; the picture is of where it stops.
      await untilStill(page);
      await snap(page, testInfo, `printer-form-${locale}`, false);
    });
  }
});
