import { expect, type Page } from '@playwright/test';
import { paidOrder, publishAuction, signIn } from './helpers';
import { test } from './test';

const statusOf = async (page: Page, orderId: string) =>
  (await (await page.request.get(`/api/orders/${orderId}`)).json()).status as string;

test('Back with a confirm open closes it, and the order does not change', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const orderId = await paidOrder(page, baseURL!, {
    name: 'Overlay lot',
    buyer: '013-000 0002',
    quantity: 50,
    price: 1000,
  });
  await page.goto('/#/pages/orders/orders');
  await page.goto(`/#/pages/orders/order-detail?id=${orderId}`);
  const actions = page.getByRole('group', { name: 'Order actions' });
  const dialog = page.getByRole('dialog');

  // Ready for Pickup asked, then Back: the dialog goes with the page.
  await actions.getByRole('button', { name: 'Ready for Pickup' }).click();
  await expect(dialog).toContainText('Ready for Pickup?');
  const confirmButton = dialog.getByRole('button', { name: 'Ready for Pickup' });
  await page.goBack();
  await expect(page).toHaveURL(/orders\/orders/);
  await expect(dialog).toBeHidden();
  await expect(confirmButton).toHaveCount(0);
  expect(await statusOf(page, orderId)).toBe('paid');

  // Cancel-and-refund asked, then Back: nothing is refunded.
  await page.goForward();
  await actions.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toContainText('Cancel this order and refund to buyer wallet?');
  await page.goBack();
  await expect(page).toHaveURL(/orders\/orders/);
  await expect(dialog).toBeHidden();
  expect(await statusOf(page, orderId)).toBe('paid');

  // Asked again on the page itself, the confirm does what it says.
  await page.goForward();
  await actions.getByRole('button', { name: 'Ready for Pickup' }).click();
  await dialog.getByRole('button', { name: 'Ready for Pickup' }).click();
  await expect.poll(() => statusOf(page, orderId)).toBe('ready_for_pickup');
});

test('the export sheet and the lot form’s species sheet close with their page', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/#/pages/orders/orders');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('option', { name: 'CSV' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('option', { name: 'CSV' })).toHaveCount(0);

  await page.goto('/#/pages/auction-create/auction-create');
  await page.getByLabel('Species category').first().click();
  const sheet = page.getByRole('dialog', { name: 'Species category' });
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);
  await expect(sheet).toHaveCount(0);
});

test('Back and Forward move the orders search, and it stays where they put it', async ({
  page,
}) => {
  // The page's timers run as usual, and can be run ahead past the search box's pause below.
  await page.clock.install();
  await signIn(page);
  await page.goto('/#/pages/orders/orders?q=first-search');
  const search = page.getByRole('searchbox');
  await expect(search).toHaveValue('first-search');
  await page.goto('/#/pages/orders/orders?q=second-search');
  await expect(search).toHaveValue('second-search');
  await page.goBack();
  await expect(search).toHaveValue('first-search');
  // The search box's pause (300 ms) must not search the old text again and undo the move: its
  // timer is run out, not waited for.
  await page.clock.runFor(600);
  await expect(page).toHaveURL(/q=first-search/);
  await page.goForward();
  await expect(search).toHaveValue('second-search');
  await page.clock.runFor(600);
  await expect(page).toHaveURL(/q=second-search/);
});

test('a lot photo opened full screen closes with its page on Back', async ({ page }) => {
  await signIn(page);
  const { lotIds } = await publishAuction(page, [
    { name: 'Photo lot', quantity: 100, startPrice: 1000 },
  ]);
  await page.goto('/#/pages/profile/profile');
  await page.goto(`/#/pages/lot-detail/lot-detail?id=${lotIds[0]}`);
  await page.getByRole('button', { name: 'Open photo 1 of 1' }).click();
  const viewer = page.locator('.adm-image-viewer-content');
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/profile\/profile/);
  await expect(viewer).toBeHidden();
});
