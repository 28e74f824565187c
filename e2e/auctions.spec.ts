import { expect, type Locator, type Page } from '@playwright/test';
import {
  advanceClock,
  bid,
  buyerSession,
  FIFTEEN_MINUTES,
  PHOTO,
  publishAuction,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  unique,
  untilStill,
  useLocale,
} from './helpers';
import { test } from './test';

/** A form row by its visible label: the label's own row, where the field's error shows. */
const field = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('..');

/** Chooses an option on an antd-mobile picker wheel with a tap, as on a phone, then confirms. */
async function pick(page: Page, button: Locator, option: string) {
  await button.click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await picker.getByText(option, { exact: true }).tap();
  // The wheel rolls to the tapped item before Confirm reads it.
  await untilStill(page);
  await picker.getByText('Confirm', { exact: true }).click();
  await expect(button).toContainText(option);
}

/** Chooses a lot's species on its sheet: searched by name, then one tap. */
async function chooseSpecies(page: Page, lot: Locator, search: string, name: string) {
  const button = lot.getByLabel('Species category');
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Species category' });
  await sheet.getByLabel('Search species').fill(search);
  await sheet.getByRole('button', { name: new RegExp(`^${name}`) }).tap();
  await expect(sheet).toBeHidden();
  await expect(button).toContainText(name);
}

/** The uploaded photos of a lot: the server's images in its Photos field. */
const photos = (lot: Locator) =>
  lot.getByRole('group', { name: 'Photos (1 to 3)' }).locator('img[src*="/media/"]');

/** The id of the lot whose detail page is on screen. */
const shownLotId = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('id')!;

/** Starts the form empty: no draft of an earlier test to restore. */
const forgetDraft = (page: Page) => page.evaluate(() => localStorage.removeItem('auctionDraft'));

/** The cards of Home's auction list. */
const auctionCards = (page: Page) =>
  page.getByRole('region', { name: 'Auctions' }).getByRole('listitem');

/** The figure under a dashboard label on Home. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Dashboard' })
    .getByText(label)
    .locator('xpath=..')
    .locator('dd');

const rm = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function fillLot(
  page: Page,
  lot: Locator,
  values: { name: string; quantity: string; start: string; buyout: string },
) {
  await pick(page, lot.getByLabel('Boat'), 'SLF 4521 · Ahmad bin Ismail');
  await lot.getByLabel('Harbor').fill('Kuala Selangor');
  await lot.getByRole('radio', { name: 'Fresh' }).check();
  await lot.getByLabel('Name').fill(values.name);
  await chooseSpecies(page, lot, 'kerapu', 'Grouper');
  await lot.getByLabel('Quantity').fill(values.quantity);
  await lot.getByLabel('Start price').fill(values.start);
  await lot.getByLabel('Buyout price (optional)').fill(values.buyout);
  await lot.getByLabel('Description').fill('Caught this morning off Kuala Selangor.');
  await lot.getByLabel('Icing').fill('Flake ice');
  await lot
    .getByRole('group', { name: 'Photos (1 to 3)' })
    .locator('input[type="file"]')
    .setInputFiles(PHOTO.pathname);
  // Uploaded: the uploader shows the server's thumbnail, and no progress row is left.
  await expect(photos(lot)).toHaveCount(1);
  await expect(lot.getByRole('progressbar')).toHaveCount(0);
}

test('creates an auction of two lots, follows its bids live and sees the award', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const name = unique('Grouper morning catch');
  await signIn(page);
  await forgetDraft(page);
  await page.getByRole('link', { name: 'Create Auction' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create Auction', level: 1 })).toBeVisible();

  // Lot 1, then a buyout not above the start price: the contract's message at its field.
  const first = page.getByRole('region', { name: 'Lot 1' });
  await fillLot(page, first, { name, quantity: '100', start: '10', buyout: '9.50' });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(field(first, 'Buyout price (optional)')).toContainText(
    'Buyout price must be above the start price',
  );
  await first.getByLabel('Buyout price (optional)').fill('');
  await expect(field(first, 'Buyout price (optional)')).not.toContainText('Buyout price must');

  // Lot 2 duplicates lot 1 and changes what differs; lot 3, added, has the catch's facts and
  // shows what it lacks.
  await first.getByRole('button', { name: 'Duplicate' }).click();
  const second = page.getByRole('region', { name: 'Lot 2' });
  await second.getByLabel('Name').fill(`${name} B`);
  await second.getByLabel('Quantity').fill('40');
  await second.getByLabel('Buyout price (optional)').fill('25');
  await page.getByRole('button', { name: 'Add lot' }).click();
  const third = page.getByRole('region', { name: 'Lot 3' });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(third.getByRole('group', { name: 'Photos (1 to 3)' })).toContainText(
    'Please upload at least 1 photo',
  );
  await expect(third.getByLabel('Harbor')).toHaveValue('Kuala Selangor');
  await expect(field(third, 'Quantity')).toContainText('Required');
  await third.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(third).toHaveCount(0);

  // The draft survives a reload, uploaded photo included.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved locally', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('Restore your draft?');
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(second.getByLabel('Name')).toHaveValue(`${name} B`);
  await expect(first.getByLabel('Boat')).toContainText('SLF 4521');
  await expect(photos(first)).toHaveCount(1);
  await snap(page, test.info(), 'create-auction-filled', false);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/lot-detail\/lot-detail\?id=/);
  const firstLotId = shownLotId(page);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d left$/);
  await expect(page.getByText('No bids yet')).toBeVisible();
  // Published means the draft is gone: the form opens empty.
  expect(await page.evaluate(() => localStorage.getItem('auctionDraft'))).toBeNull();

  // Home: the auction is live with its countdown; the dashboard counts it.
  await page.goto('/#/');
  const card = auctionCards(page).filter({ hasText: name });
  await expect(card).toContainText('2 lots · 140 kg');
  await expect(card.getByRole('timer')).toHaveText(/\d+:\d\d left/);
  await expect(card).toContainText('Live');
  const bidSalesBefore = rm(await figure(page, 'Total bid sales').innerText());
  expect(Number(await figure(page, 'Live auctions').innerText())).toBeGreaterThanOrEqual(1);

  // A buyer bids: Home's dashboard follows within seconds, with no reload (the event stream).
  const buyer1 = await buyerSession(baseURL!, '013-000 0001');
  await bid(buyer1, firstLotId, 300, 1200);
  await expect
    .poll(async () => rm(await figure(page, 'Total bid sales').innerText()), { timeout: 5_000 })
    .toBeCloseTo(bidSalesBefore + 360, 2);
  await expect(card).toContainText('Bids: 30 kg · RM 360.00');

  // The lot's page follows the next bid too, the winning kg highlighted.
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const ladder = page.getByRole('region', { name: /^Bids/ });
  await expect(ladder.getByRole('row')).toHaveCount(2);
  const buyer2 = await buyerSession(baseURL!, '013-000 0002');
  await bid(buyer2, firstLotId, 500, 1300);
  await expect(ladder.getByRole('row')).toHaveCount(3, { timeout: 5_000 });
  await expect(ladder.getByRole('row').nth(1)).toContainText('RM 13.00');
  await expect(ladder.getByRole('row').nth(1)).toContainText('Winning 50');
  await expect(ladder.getByRole('row').nth(2)).toContainText('Winning 30');
  // The figures are what the bids win now, never more kg than the lot has.
  await expect(page.getByText('Winning bids').locator('..')).toContainText('RM 1,010.00');
  await expect(page.getByText('Winning kg').locator('..')).toContainText('80 of 100 kg');
  // A live lot opens on what moves: time left, the figures and the ladder, photos below.
  await expect(page.getByRole('timer')).toBeInViewport();
  await expect(ladder.getByRole('heading', { name: /^Bids/ })).toBeInViewport();

  // A buyout ends lot 2 at once.
  await page.getByRole('tab', { name: /2\./ }).click();
  await expect(page.getByRole('heading', { name: `${name} B`, exact: true })).toBeVisible();
  const secondLotId = shownLotId(page);
  const buyout = await buyer1.post(`/api/buyer/lots/${secondLotId}/buyout`, { data: {} });
  expect(buyout.ok(), await buyout.text()).toBe(true);
  await expect(page.getByText('Ended by a buyout')).toBeVisible({ timeout: 5_000 });
  const award2 = page.getByRole('region', { name: 'Awarded summary' });
  await expect(award2).toContainText(/Bought out by .+ at RM 25\.00\/kg: RM 1,000\.00/);

  // 15 minutes later lot 1 ends; its award shows without a reload.
  await page.getByRole('tab', { name: /1\./ }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await advanceClock(request, FIFTEEN_MINUTES);
  const award1 = page.getByRole('region', { name: 'Awarded summary' });
  await expect(award1).toBeVisible({ timeout: 10_000 });
  await expect(award1).toContainText('80 kg');
  await expect(award1).toContainText('RM 1,010.00');
  await expect(award1.getByRole('row')).toHaveCount(3);
  await expect(award1).toContainText(/Order SO\d{12}/);
  await expect(award1.getByText('Unsold', { exact: true }).locator('..')).toContainText('20 kg');
  await snap(page, test.info(), 'lot-detail-awarded');

  // The unsold 20 kg can go up again: the form opens filled with it.
  await page.getByRole('button', { name: 'Relist 20 kg unsold' }).click();
  await expect(page).toHaveURL(/auction-create\?relist=/);
  const relisted = page.getByRole('region', { name: 'Lot 1' });
  await expect(relisted.getByLabel('Quantity')).toHaveValue('20');
  await expect(relisted.getByLabel('Name')).toHaveValue(name);
  await expect(photos(relisted)).toHaveCount(1);

  // On Home the auction is under Ended with what it awarded.
  await page.goto('/#/');
  await page.getByRole('tab', { name: 'Ended' }).click();
  await expect(auctionCards(page).filter({ hasText: name })).toContainText(
    'Awarded: 120 kg · RM 2,010.00',
  );
  await buyer1.dispose();
  await buyer2.dispose();
});

test('an unverified merchant without boats is told why, and starts from empty lists', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await expect(page.getByText('No live auctions')).toBeVisible();
  await expect(figure(page, 'Live auctions')).toHaveText('0');
  await page.getByRole('tab', { name: 'Ended' }).click();
  await expect(page.getByText('No ended auctions yet')).toBeVisible();

  await page.goto('/#/pages/auction-create/auction-create');
  await expect(page.getByRole('note')).toHaveText('Only verified merchants can publish auctions');
  const lot = page.getByRole('region', { name: 'Lot 1' });
  await expect(field(lot, 'Boat')).toContainText('Your store has no boats yet');
  await expect(lot.getByRole('link', { name: 'Add a boat' })).toHaveAttribute(
    'href',
    '#/pages/profile/boats',
  );
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(field(lot, 'Boat')).toContainText('Required');
});

test('a file that is not a video is refused at the video field', async ({ page }) => {
  await signIn(page);
  await forgetDraft(page);
  await page.goto('/#/pages/auction-create/auction-create');
  const lot = page.getByRole('region', { name: 'Lot 1' });
  await lot.getByLabel('Add video').setInputFiles({
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.alloc(4096, 7),
  });
  await expect(lot.getByRole('group', { name: 'Video (optional, 1)' })).toContainText(
    'clip.mp4 is not a video: use MP4, MOV or WebM',
  );
  await expect(lot.getByRole('progressbar')).toHaveCount(0);
});

test('deletes an auction without bids after a confirmation', async ({ page }) => {
  await signIn(page);
  const name = unique('Mackerel to delete');
  await publishAuction(page, [{ name, quantity: 500, startPrice: 800 }]);
  await page.reload();
  const card = auctionCards(page).filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('dialog')).toContainText(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('searches the list by name or by species in another language', async ({ page }) => {
  await signIn(page);
  const name = unique('Searchable scad');
  await publishAuction(page, [{ name, quantity: 200, startPrice: 500 }]);
  await page.reload();
  const search = page.getByRole('searchbox');
  await search.fill(name.split(' ').at(-1)!);
  // The search is applied first: when this lot is the only live one (other tests moved the clock
  // past the rest), the list before the search has one card too, then the search's skeletons.
  await expect(page).toHaveURL(/q=/);
  await expect(auctionCards(page)).toHaveCount(1);
  await expect(auctionCards(page)).toContainText(name);
  await search.fill('nothing-like-this');
  await expect(page.getByText('No auction matches “nothing-like-this”')).toBeVisible();
  // The species of every lot is kembung: its Chinese name finds it too.
  await search.fill('甘望鱼');
  await expect(auctionCards(page).filter({ hasText: name })).toBeVisible();
});

test('pulling Home down refreshes it; a sideways swipe or a short pull does not', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('region', { name: 'Auctions' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const head = page.locator('.adm-pull-to-refresh-head');
  const headHeight = () => head.evaluate((el) => el.getBoundingClientRect().height);
  /** A finger from (x, 300) moved by (dx, dy) in steps, then lifted. */
  const drag = async (dx: number, dy: number, release = true) => {
    const at = (i: number) => [{ x: 200 + (dx * i) / 10, y: 300 + (dy * i) / 10 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let i = 1; i <= 10; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
    }
    if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  let dashboards = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/dashboard')) dashboards += 1;
  });

  // Sideways: no pull. A short pull (under the 60 px release point after the rubber band):
  // the head opens while held, and closes without a refresh.
  await drag(200, 20);
  expect(await headHeight()).toBe(0);
  await drag(0, 60, false);
  await expect(head).toContainText('Scroll down to refresh');
  expect(await headHeight()).toBeGreaterThan(0);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(headHeight).toBe(0);
  expect(dashboards).toBe(0);

  // Far enough: release says so, and letting go refreshes the page's data, then the head closes.
  await drag(0, 400, false);
  await expect(head).toContainText('Release to refresh immediately');
  const refreshed = page.waitForResponse((res) => res.url().includes('/api/dashboard'));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(head).toContainText(/Loading|Refresh successful/);
  await refreshed;
  await expect(head).toContainText('Refresh successful');
  await expect.poll(headHeight).toBe(0);
  expect(dashboards).toBeGreaterThan(0);
});

test("another merchant's lot, or none, reads as not found", async ({ page, request }) => {
  await signIn(page);
  const { lotIds } = await publishAuction(page, [
    { name: unique('Not yours'), quantity: 100, startPrice: 500 },
  ]);
  const other = await registerMerchant(request);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, other.phone, other.password);

  for (const id of [lotIds[0]!, '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/#/pages/lot-detail/lot-detail?id=${id}`);
    await expect(page.getByText('This lot was not found')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/#\/$/);
});

const SCREENS = {
  en: {
    name: 'Morning catch',
    create: 'Create Auction',
    lot: 'Lot detail',
    bids: 'Bids',
    live: 'Live',
    publish: 'Publish',
  },
  zh: {
    name: '早晨渔获',
    create: '创建拍卖',
    lot: '拍品详情',
    bids: '出价',
    live: '进行中',
    publish: '发布',
  },
  my: {
    name: 'Tangkapan pagi',
    create: 'Cipta Lelongan',
    lot: 'Butiran lot',
    bids: 'Bidaan',
    live: 'Aktif',
    publish: 'Terbitkan',
  },
} as const;

for (const [locale, text] of Object.entries(SCREENS)) {
  test(`screenshots of Create Auction, Home and Lot detail in ${locale}`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await signIn(page);
    const name = unique(text.name);
    const { lotIds } = await publishAuction(page, [
      { name, quantity: 1205, startPrice: 1250, buyoutPrice: 2000 },
      { name: `${name} 2`, quantity: 400, startPrice: 900 },
    ]);
    const bidder = await buyerSession(baseURL!, '013-000 0003');
    await bid(bidder, lotIds[0]!, 500, 1300);
    await bidder.dispose();

    await useLocale(page, locale);
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(text.live);
    await snap(page, testInfo, `home-${locale}`);

    await page.goto(`/#/pages/lot-detail/lot-detail?id=${lotIds[0]}`);
    await expect(page.getByRole('heading', { name: text.lot, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: new RegExp(`^${text.bids}`) }).getByRole('row'),
    ).toHaveCount(2);
    await snap(page, testInfo, `lot-detail-${locale}`);

    await forgetDraft(page);
    await page.goto('/#/pages/auction-create/auction-create');
    await expect(page.getByRole('heading', { name: text.create, level: 1 })).toBeVisible();
    await snap(page, testInfo, `create-auction-${locale}`, false);
    // After Publish with nothing filled in: each field tells what it lacks.
    await page.getByRole('button', { name: text.publish }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, testInfo, `create-auction-errors-${locale}`, false);
    await expect(tabBar(page)).toHaveCount(0);
  });
}
