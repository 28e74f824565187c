import { expect, type Page } from '@playwright/test';
import { checkEInvoice } from '../apps/server/test/einvoice-rules';
import { startMyInvois } from '../apps/server/test/myinvois';
import { advanceClock, paidOrder, signIn, snap, useLocale } from './helpers';
import { startE2EServer, test as base } from './test';

type StandIn = Awaited<ReturnType<typeof startMyInvois>>;

/**
 * These tests' own server, configured for MyInvois against the stand-in of the API suite
 * (apps/server/test/myinvois.ts), whose validator is LHDN's field rules: the other browser tests
 * keep a server without MyInvois, where an invoice has 'No E-Invoice'.
 */
const test = base.extend<object, { myinvois: { baseURL: string; standIn: StandIn } }>({
  myinvois: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const standIn = await startMyInvois({
        validate: (doc) => checkEInvoice(doc as Record<string, unknown>),
      });
      const server = await startE2EServer({
        MYINVOIS_BASE_URL: standIn.url,
        MYINVOIS_CLIENT_ID: 'stand-in-client',
        MYINVOIS_CLIENT_SECRET: 'stand-in-secret',
        MYINVOIS_PORTAL_URL: standIn.portalUrl,
      });
      await use({ baseURL: server.baseURL, standIn });
      await server.stop();
      await standIn.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ myinvois }, use) => use(myinvois.baseURL),
});

test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

/** The e-invoice job asks MyInvois every 10 s: a state shows within two of its turns. */
const JOB = { timeout: 30_000 };

const openOrder = (page: Page, id: string) => page.goto(`/#/pages/orders/order-detail?id=${id}`);

test('an invoice’s e-invoice becomes Valid live, with its long ID and validation link', async ({
  page,
  baseURL,
  myinvois,
}, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page);
  const orderId = await paidOrder(page, baseURL!, { name: 'E-invoice lot' });
  await openOrder(page, orderId);
  await page.getByRole('button', { name: 'Generate invoice' }).click();
  // Submitted at once; Valid when the job hears it from MyInvois, without a reload.
  await expect(page.getByText('E-Invoice: Valid')).toBeVisible(JOB);
  await expect(page.getByText('Long ID')).toBeVisible();
  const link = page.getByRole('link', { name: 'Open validation link' });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^${myinvois.standIn.portalUrl}/.+/share/.+`),
  );
  await snap(page, testInfo, 'einvoice-valid-en');
  // The PDF served is now the validated copy, with the QR and the long ID.
  const pdf = await page.request.get(`/api/orders/${orderId}/invoice.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).length).toBeGreaterThan(1000);

  for (const [locale, valid] of [
    ['zh', '有效'],
    ['my', 'Sah'],
  ] as const) {
    await useLocale(page, locale);
    await page.reload();
    await expect(page.getByText(valid, { exact: false }).first()).toBeVisible();
    await snap(page, testInfo, `einvoice-valid-${locale}`);
  }
});

test('a refund cancels the e-invoice within 72 hours, and gets a credit note after', async ({
  page,
  request,
  baseURL,
  myinvois,
}, testInfo) => {
  test.setTimeout(180_000);
  await useLocale(page, 'en');
  await signIn(page);

  // Within the window: cancelled at MyInvois.
  const early = await paidOrder(page, baseURL!, { name: 'E-invoice lot' });
  await openOrder(page, early);
  await page.getByRole('button', { name: 'Generate invoice' }).click();
  await expect(page.getByText('E-Invoice: Valid')).toBeVisible(JOB);
  const refund = (id: string) => page.request.post(`/api/orders/${id}/cancel`, { data: {} });
  expect((await refund(early)).ok()).toBe(true);
  await expect(page.getByText('E-Invoice: Cancelled')).toBeVisible(JOB);
  expect(myinvois.standIn.state.cancellations).toHaveLength(1);

  // After it: a credit note with its own number, PDF and e-invoice.
  const late = await paidOrder(page, baseURL!, { name: 'E-invoice lot' });
  await openOrder(page, late);
  await page.getByRole('button', { name: 'Generate invoice' }).click();
  await expect(page.getByText('E-Invoice: Valid')).toBeVisible(JOB);
  await advanceClock(request, 73 * 60 * 60_000);
  expect((await refund(late)).ok()).toBe(true);
  await expect(page.getByText(/Credit note CN\d{4}-\d{6}/)).toBeVisible(JOB);
  await expect(page.getByText('E-Invoice: Valid')).toHaveCount(2, JOB);
  await snap(page, testInfo, 'einvoice-credit-note-en');
  const note = await page.request.get(`/api/orders/${late}/credit-note.pdf`);
  expect(note.headers()['content-type']).toBe('application/pdf');
  expect(myinvois.standIn.state.cancellations).toHaveLength(1);
});
