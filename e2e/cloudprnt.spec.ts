import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { httpTransport, SimulatedCloudPrinter } from '../apps/server/test/cloudprnt-printer';
import {
  advanceClock,
  paidOrder,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  untilStill,
  useLocale,
} from './helpers';
import { test } from './test';

/** A MAC of Star's range (00:11:62) that no other test, or earlier run, has registered. */
const freshMac = () =>
  `00:11:62:${Array.from({ length: 3 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase(),
  ).join(':')}`;

async function openSetup(page: Page) {
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await page.getByText('Printer setup', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Printer setup', level: 1 })).toBeVisible();
}

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Printers' }).getByRole('listitem', { name });

/** Adds a cloud printer through the form, as a merchant does. */
async function addCloudPrinter(page: Page, name: string, mac: string, paper?: string) {
  await page.getByRole('button', { name: 'Add printer' }).click();
  const form = page.getByRole('dialog', { name: /printer/i });
  await form.getByLabel('Printer name').fill(name);
  await form.getByRole('option', { name: 'Cloud (CloudPRNT)' }).click();
  await expect(form.getByRole('note')).toContainText('server URL');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Fill this in');
  await form.getByLabel('MAC address').fill('00:11:62');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('MAC address');
  await form.getByLabel('MAC address').fill(mac);
  if (paper) await form.getByRole('option', { name: paper }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(card(page, name)).toBeVisible();
}

/** The URL the card tells the merchant to enter in the printer, as shown. */
const serverUrlOf = async (page: Page, name: string) =>
  card(page, name).getByLabel('Server URL').inputValue();

/** A simulated printer configured with that URL, polling the e2e server every 500 ms. */
function startPrinter(mac: string, serverUrl: string) {
  const printer = new SimulatedCloudPrinter({
    mac,
    serverUrl,
    transport: httpTransport(serverUrl),
    pollSeconds: 5,
  });
  const errors: unknown[] = [];
  printer.start(500, (err) => errors.push(err));
  return { printer, errors };
}

test('a cloud printer polls the server, and a test print shows Printed', async ({
  page,
  request,
  baseURL,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await openSetup(page);
  const mac = freshMac();
  await addCloudPrinter(page, 'Kaunter awan', mac);

  const kaunter = card(page, 'Kaunter awan');
  await expect(kaunter).toContainText('Waiting for first contact');
  await expect(kaunter).toContainText(`MAC ${mac}`);
  // The setup is open until the printer's first poll: the URL to enter, and how.
  const url = await serverUrlOf(page, 'Kaunter awan');
  expect(url).toMatch(new RegExp(`^${baseURL}/api/cloudprnt\\?key=[\\w-]{22}$`));
  await expect(kaunter).toContainText('Set the polling time to 5 seconds');

  const { printer, errors } = startPrinter(mac, url);
  try {
    // Its first poll changes its state: the card hears it from the live events.
    await expect(kaunter).toContainText('Online');
    await expect(kaunter).not.toContainText('Waiting for first contact');

    await kaunter.getByRole('button', { name: 'Test print' }).click();
    await expect(page.getByText('Sent to Kaunter awan')).toBeVisible();
    const jobs = kaunter.getByRole('list', { name: 'Recent print jobs' });
    await expect(jobs).toContainText(/Test page\s*Printed/);
    expect(printer.printed).toHaveLength(1);
    // 58 mm paper: 384 dots, pixel for pixel.
    expect(printer.printed[0]).toMatchObject({ mediaType: 'image/png', width: 384 });
    expect(printer.requests).toContain('DELETE 200 OK');

    // What the printer reports shows on its card.
    printer.setPaperOut();
    await expect(kaunter).toContainText('Paper out');
    printer.setPaperOut(false);
    printer.setCoverOpen();
    await expect(kaunter).toContainText('Cover open');
    printer.setCoverOpen(false);
    await expect(kaunter).toContainText('Online');
  } finally {
    await printer.stop();
  }
  expect(errors).toEqual([]);

  // Silent for more than three polling intervals: offline, since its last contact.
  await advanceClock(page.request, 20_000);
  await page.reload();
  await expect(kaunter).toContainText('Offline');
  await expect(kaunter).toContainText('No contact since');
});

test('an order’s slip goes to the cloud printer; its page shows when it printed', async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page);
  // The demo merchant's printers from other tests would offer a choice: this one alone.
  const existing = await page.request.get('/api/printers');
  for (const { id } of ((await existing.json()) as { items: { id: string }[] }).items)
    await page.request.delete(`/api/printers/${id}`);
  const mac = freshMac();
  const added = await page.request.post('/api/printers', {
    data: { name: 'Cold room', kind: 'cloud', mac, paperWidth: 80 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { cloud } = (await added.json()) as { id: string; cloud: { pollPath: string } };
  const orderId = await paidOrder(page, baseURL!, {
    name: 'Cloud slip lot',
    buyer: '013-000 0003',
    quantity: 50,
    price: 1000,
  });

  await page.goto('/#/pages/orders/orders');
  await page.goto(`/#/pages/orders/order-detail?id=${orderId}`);
  const actions = page.getByRole('group', { name: 'Order actions' });
  await actions.getByRole('button', { name: 'Print slip' }).click();
  await expect(page.getByText('Sent to Cold room')).toBeVisible();
  // No printer has polled yet: it waits for one.
  const status = actions.getByRole('status');
  await expect(status).toHaveText('Cold room Sent to the printer');

  const { printer, errors } = startPrinter(mac, `${baseURL}${cloud.pollPath}`);
  try {
    await expect(status).toContainText(/Cold room Printed/);
    await snap(page, testInfo, 'order-cloud-slip-printed-en', false);
    expect(printer.printed).toHaveLength(1);
    expect(printer.printed[0]?.width).toBe(576);
  } finally {
    await printer.stop();
  }
  expect(errors).toEqual([]);
  await page.request.delete(`/api/printers/${(await added.json()).id}`);
});

const SCREENS = {
  en: { title: 'Printer setup', add: 'Add printer', kind: 'Cloud (CloudPRNT)' },
  zh: { title: '打印机设置', add: '添加打印机', kind: '云打印（CloudPRNT）' },
  my: { title: 'Tetapan pencetak', add: 'Tambah pencetak', kind: 'Awan (CloudPRNT)' },
} as const;

test.describe('cloud printer screenshots', () => {
  let merchant: { phone: string; password: string };

  test.beforeAll(async ({ browser, request, baseURL }) => {
    merchant = await registerMerchant(request);
    const page = await browser.newPage({ baseURL });
    await signIn(page, merchant.phone, merchant.password);
    // One online with a printed test page and a slip that failed; one waiting for its setup.
    const online = await page.request.post('/api/printers', {
      data: { name: 'Kaunter depan (pencetak awan utama)', kind: 'cloud', mac: freshMac() },
    });
    const first = (await online.json()) as { id: string; mac: string; cloud: { pollPath: string } };
    await page.request.post('/api/printers', {
      data: { name: '冷库云打印机', kind: 'cloud', mac: freshMac(), paperWidth: 80 },
    });
    const printer = new SimulatedCloudPrinter({
      mac: first.mac,
      serverUrl: first.cloud.pollPath,
      transport: httpTransport(baseURL!),
    });
    await printer.round();
    await page.request.post(`/api/printers/${first.id}/test`, { data: { lang: 'my' } });
    await printer.printAll();
    await page.request.post(`/api/printers/${first.id}/test`, { data: { lang: 'en' } });
    printer.failNext('510 Incompatible media type');
    await printer.round();
    await printer.round();
    await page.close();
  });

  for (const [locale, text] of Object.entries(SCREENS)) {
    test(`printer setup with cloud printers in ${locale}`, async ({ page }, testInfo) => {
      await signIn(page, merchant.phone, merchant.password);
      await useLocale(page, locale);
      await page.goto('/#/pages/profile/printer');
      await page.reload();
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('listitem')).not.toHaveCount(0);
      await expect(page.locator('textarea')).toHaveCount(2);
      await snap(page, testInfo, `printer-setup-cloud-${locale}`);
      // The states, the setup and the jobs as axe reads them (a11y.spec.ts's rules).
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);

      await page.getByRole('button', { name: text.add }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('option', { name: text.kind }).click();
      // The sheet slides up; the picture is of where it stops.
      await untilStill(page);
      await snap(page, testInfo, `printer-form-cloud-${locale}`, false);
    });
  }
});
