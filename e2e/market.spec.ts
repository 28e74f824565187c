import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  advanceClock,
  bid,
  buyerSession,
  FIFTEEN_MINUTES,
  operatorPut,
  publishAuction,
  registerBuyer,
  signIn,
  snap,
  toastSays,
  unique,
  useLocale,
} from './helpers';
import { test } from './test';

const DAY = 24 * 60 * 60_000;

type Texts = Record<string, Record<string, string>>;
/** The app's own texts of a language, so the test reads the screen as its merchant would. */
const textsOf = (locale: string): Texts =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Texts;
const say = (texts: Texts, key: string, values: Record<string, string | number> = {}) => {
  const [section = '', name = ''] = key.split('.');
  const template = texts[section]?.[name] ?? texts[section]?.[`${name}_other`];
  if (!template) throw new Error(`no text ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v] ?? ''));
};

async function openLot(page: Page, lotId: string) {
  await page.goto(`/#/pages/lot-detail/lot-detail?id=${lotId}`);
}

for (const locale of ['en', 'zh', 'my']) {
  test(`a default's kg go to the next bidders in one tap (${locale})`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const texts = textsOf(locale);
    await signIn(page);
    // A 10 kg lot at RM 10.00/kg: a new buyer on credit wins it all, two funded buyers lose.
    const name = unique('Default lot');
    const { lotIds } = await publishAuction(page, [{ name, quantity: 100, startPrice: 1000 }]);
    const lotId = lotIds[0]!;
    const defaulter = await registerBuyer(request, baseURL!);
    // With RM 0 in its wallet the new buyer may not bid at all …
    const refused = await defaulter.session.post(`/api/buyer/lots/${lotId}/bids`, {
      data: { quantity: 100, price: 1200 },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', shortfall: 12_000 });
    // … until the operator grants it credit, which it then does not pay.
    await operatorPut(request, `/buyers/${encodeURIComponent(defaulter.phone)}/credit-limit`, {
      amount: 20_000,
    });
    await bid(defaulter.session, lotId, 100, 1200);
    const second = await buyerSession(baseURL!, '013-000 0002');
    const third = await buyerSession(baseURL!, '013-000 0003');
    await bid(second, lotId, 60, 1100);
    await bid(third, lotId, 100, 1050);
    await advanceClock(request, FIFTEEN_MINUTES);
    await expect
      .poll(async () => (await (await page.request.get(`/api/lots/${lotId}`)).json()).award)
      .not.toBeNull();
    // The deadline passes unpaid: the wallet cannot cover it, so it is a default.
    await advanceClock(request, DAY);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/lots/${lotId}`)).json()).award.returnedQuantity,
      )
      .toBe(100);

    await useLocale(page, locale);
    await openLot(page, lotId);
    await page.reload(); // the language is read at start
    const offerButton = page.getByRole('button', {
      name: say(texts, 'lot.offerReturned', { kg: '10' }),
    });
    await expect(offerButton).toBeVisible();
    await expect(page.getByText(say(texts, 'orderStatus.defaulted')).first()).toBeVisible();
    await snap(page, testInfo, `lot-returned-${locale}`);

    // The confirmation says who gets what; Back closes it and nothing is offered.
    await offerButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(say(texts, 'lot.offerTitle', { kg: '10' }));
    await expect(dialog).toContainText('RM 11.00');
    await expect(dialog).toContainText('RM 10.50');
    await snap(page, testInfo, `lot-offer-dialog-${locale}`, false);
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(
      (await (await page.request.get(`/api/lots/${lotId}`)).json()).award.returnedQuantity,
    ).toBe(100);

    // Confirmed: the second buyer gets its 6 kg at RM 11.00, the third the 4 kg left at RM 10.50.
    await openLot(page, lotId);
    await offerButton.click();
    await dialog.getByRole('button', { name: say(texts, 'lot.offerConfirm') }).click();
    await toastSays(page, say(texts, 'lot.offerDone', { kg: '10', count: 2 }));
    await expect(offerButton).toBeHidden();
    await expect(page.getByText(say(texts, 'lot.offered'), { exact: true })).toHaveCount(2);
    await snap(page, testInfo, `lot-offered-${locale}`);
    const lot = (await (await page.request.get(`/api/lots/${lotId}`)).json()) as {
      award: { returnedQuantity: number; winners: { quantity: number; price: number }[] };
    };
    expect(lot.award.returnedQuantity).toBe(0);
    expect(
      lot.award.winners.filter((w) => w.price !== 1200).map((w) => [w.quantity, w.price]),
    ).toEqual([
      [60, 1100],
      [40, 1050],
    ]);
    for (const session of [defaulter.session, second, third]) await session.dispose();
  });
}

test('returned kg nobody can take are relisted as a new live lot', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  const name = unique('Relist lot');
  const { lotIds } = await publishAuction(page, [{ name, quantity: 50, startPrice: 1000 }]);
  const lotId = lotIds[0]!;
  const buyer = await buyerSession(baseURL!, '013-000 0001');
  await bid(buyer, lotId, 50, 1000);
  await advanceClock(request, FIFTEEN_MINUTES);
  await expect
    .poll(async () => (await (await page.request.get(`/api/lots/${lotId}`)).json()).award)
    .not.toBeNull();
  // The merchant cancels the unpaid order: its 5 kg go back to the lot.
  const order = (await (await page.request.get(`/api/lots/${lotId}`)).json()).award.winners[0];
  const canceled = await page.request.post(`/api/orders/${order.orderId}/cancel`, { data: {} });
  expect(canceled.ok()).toBe(true);

  await openLot(page, lotId);
  await page.getByRole('button', { name: 'Relist 5 kg', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Relist', exact: true }).click();
  await toastSays(page, 'Relisted');
  await expect(page.getByText('Relisted from an earlier lot')).toBeVisible();
  const relisted = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
  expect(relisted).not.toBe(lotId);
  const detail = (await (await page.request.get(`/api/lots/${relisted}`)).json()) as {
    status: string;
    quantity: number;
    relistedFrom: string;
  };
  expect(detail).toMatchObject({ status: 'live', quantity: 50, relistedFrom: lotId });
  await buyer.dispose();
});
