import { type Browser, expect, type Page } from '@playwright/test';
import {
  PHOTO,
  registerMerchant,
  signIn,
  snap,
  toastSays,
  unique,
  untilStill,
  useLocale,
  chunkFailsUntilRestored,
} from './helpers';
import { test } from './test';

const BOATS = '/#/pages/profile/boats';
const COLD_ROOMS = '/#/pages/profile/cold-rooms';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const sheet = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Chooses an option on an antd-mobile picker wheel with a tap, as on a phone, then confirms. */
async function pick(page: Page, label: string, option: string) {
  const button = page.getByRole('region', { name: 'Lot 1' }).getByLabel(label);
  await button.click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await picker.getByText(option, { exact: true }).tap();
  // The wheel rolls to the tapped item before Confirm reads it.
  await untilStill(page);
  await picker.getByText('Confirm', { exact: true }).click();
  await expect(button).toContainText(option);
}

/** Confirms the delete dialog the card's Delete opened; the card goes. */
async function confirmDelete(page: Page, title: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(card(page, title)).toBeHidden();
}

/** Swipes a card to the left with a finger-like drag, showing the row's own actions. */
async function swipeLeft(page: Page, title: string) {
  const box = await card(page, title).boundingBox();
  if (!box) throw new Error(`no card ${title}`);
  const y = box.y + box.height / 3;
  await page.mouse.move(box.x + box.width - 10, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 20, y, { steps: 10 });
  await page.mouse.up();
}

test('boats: add (checked), edit, picked on the lot form, deleted', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto(BOATS);
  await expect(page.getByRole('heading', { name: 'Boats', level: 1 })).toBeVisible();
  await expect(card(page, 'SLF 4521')).toContainText('Owner: Ahmad bin Ismail');

  await page.getByRole('button', { name: 'Add boat' }).click();
  const add = sheet(page, 'Add boat');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByRole('alert')).toHaveText([
    'Enter the boat number',
    'Enter the owner name',
  ]);
  // The server's check: a number the store has, spelled another way.
  await add.getByLabel('Boat number').fill('slf4521');
  await add.getByLabel('Owner name').fill('Lim Chee Keong');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByRole('alert')).toHaveText('You already have a boat with this number');
  await expect(add.getByLabel('Owner name')).toHaveValue('Lim Chee Keong');

  const number = unique('PKA').toUpperCase();
  await add.getByLabel('Boat number').fill(number);
  await add
    .getByRole('group', { name: 'Photo' })
    .locator('input[type="file"]')
    .setInputFiles(PHOTO.pathname);
  await expect(add.locator('img[src*="/media/"]')).toBeVisible();
  await snap(page, testInfo, 'boat-form-photo-en', false);
  await add.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Saved successfully');
  const boat = card(page, number);
  await expect(boat).toContainText('Owner: Lim Chee Keong');
  await expect(boat.locator('img[src*="/media/"]')).toBeVisible();

  await boat.getByRole('button', { name: 'Edit' }).click();
  const edit = sheet(page, 'Edit boat');
  await expect(edit.getByLabel('Boat number')).toHaveValue(number);
  await edit.getByLabel('Owner name').fill('Lim Ah Seng');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(boat).toContainText('Owner: Lim Ah Seng');
  await snap(page, testInfo, 'boats-photo-en');

  // The lot form picks from the same list.
  await page.evaluate(() => localStorage.removeItem('auctionDraft'));
  await page.goto('/#/pages/auction-create/auction-create');
  await pick(page, 'Boat', `${number} · Lim Ah Seng`);

  await page.goto(BOATS);
  await card(page, number).getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, number);
  await expect(card(page, 'SLF 4521')).toBeVisible();
});

test('cold rooms: switched on, one added unnamed, deactivated, deleted', async ({
  page,
}, testInfo) => {
  await signIn(page);
  const off = await page.request.put('/api/cold-rooms/settings', { data: { hasColdRoom: false } });
  expect(off.ok(), await off.text()).toBe(true);
  await page.goto(COLD_ROOMS);
  await expect(page.getByRole('heading', { name: 'Cold rooms', level: 1 })).toBeVisible();
  const flag = page.getByRole('switch', { name: 'My store has cold rooms' });
  await expect(flag).not.toBeChecked();
  await expect(card(page, 'Bilik Sejuk Jeti')).toBeHidden();

  await flag.click();
  await toastSays(page, 'Saved successfully');
  await expect(flag).toBeChecked();
  await expect(card(page, 'Bilik Sejuk Jeti')).toBeVisible();

  await page.getByRole('button', { name: 'Add cold room' }).click();
  const add = sheet(page, 'Add cold room');
  await expect(add.getByLabel('Name')).toHaveAttribute('placeholder', 'Cold Room 1');
  await add.getByLabel('Owner').fill('Tan Ah Kow');
  await add.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Saved successfully');
  const room = card(page, 'Cold Room 1');
  await expect(room).toContainText('Owner: Tan Ah Kow');
  await expect(room).toContainText('In use');

  await room.getByRole('switch', { name: 'Cold Room 1 active' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await expect(room).toContainText('Not in use');
  await expect(room.getByRole('switch')).not.toBeChecked();
  // The next one would be Cold Room 2.
  await page.getByRole('button', { name: 'Add cold room' }).click();
  await expect(sheet(page, 'Add cold room').getByLabel('Name')).toHaveAttribute(
    'placeholder',
    'Cold Room 2',
  );
  await snap(page, testInfo, 'cold-room-form-en', false);
  await sheet(page, 'Add cold room').getByRole('button', { name: 'Cancel' }).click();
  await snap(page, testInfo, 'cold-rooms-inactive-en');

  // Deleted from the row's swipe actions this time.
  await swipeLeft(page, 'Cold Room 1');
  const row = page.getByRole('listitem').filter({ has: room });
  await row.getByRole('button', { name: 'Delete' }).last().click();
  await confirmDelete(page, 'Cold Room 1');
  await expect(card(page, 'Bilik Sejuk Jeti')).toBeVisible();
});

/** A page of its own for a merchant signed in in another browser context. */
async function pageOf(browser: Browser, baseURL: string, phone: string, password: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, phone, password);
  return page;
}

/** Texts the screenshots wait for, by language. */
const TEXTS = {
  en: { addBoat: 'Add boat', noRooms: 'No cold rooms yet', save: 'Save' },
  zh: { addBoat: '添加渔船', noRooms: '还没有冷库', save: '保存' },
  my: { addBoat: 'Tambah bot', noRooms: 'Belum ada bilik sejuk', save: 'Simpan' },
};

test('screenshots of both pages, filled and empty, in en, zh and my', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const fresh = await registerMerchant(request);
  const empty = await pageOf(browser, baseURL ?? '', fresh.phone, fresh.password);
  // Before the store's basic info is saved, the flag cannot be set.
  await empty.goto(COLD_ROOMS);
  await expect(empty.getByRole('switch', { name: 'My store has cold rooms' })).toBeDisabled();
  await expect(empty.getByRole('link', { name: 'Basic info' })).toBeVisible();
  await snap(empty, testInfo, 'cold-rooms-no-store-en');
  const store = await empty.request.put('/api/store/basic-info', { data: { name: 'Kedai Baru' } });
  expect(store.ok(), await store.text()).toBe(true);
  const on = await empty.request.put('/api/cold-rooms/settings', { data: { hasColdRoom: true } });
  expect(on.ok(), await on.text()).toBe(true);

  await signIn(page);
  for (const locale of ['en', 'zh', 'my'] as const) {
    const text = TEXTS[locale];
    for (const p of [page, empty]) await useLocale(p, locale);
    await page.goto(BOATS);
    await page.reload();
    await expect(card(page, 'SLF 4521')).toBeVisible();
    await snap(page, testInfo, `boats-${locale}`);
    await page.goto(COLD_ROOMS);
    await expect(card(page, 'Bilik Sejuk Jeti')).toBeVisible();
    await snap(page, testInfo, `cold-rooms-${locale}`);

    await empty.goto(BOATS);
    await empty.reload();
    await expect(empty.getByRole('button', { name: text.addBoat })).toBeVisible();
    await snap(empty, testInfo, `boats-empty-${locale}`);
    await empty.goto(COLD_ROOMS);
    await expect(empty.getByText(text.noRooms)).toBeVisible();
    await snap(empty, testInfo, `cold-rooms-empty-${locale}`);
  }
  // The form with both refusals, in Malay (the longest labels).
  await page.goto(BOATS);
  await page.getByRole('button', { name: TEXTS.my.addBoat }).click();
  const form = sheet(page, TEXTS.my.addBoat);
  await form.getByRole('button', { name: TEXTS.my.save }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Masukkan nombor bot',
    'Masukkan nama pemilik',
  ]);
  await snap(page, testInfo, 'boat-form-my', false);

  // A failed load says so, with a Retry that loads the list (still in Malay).
  const down = { status: 503, json: { code: 'UNAVAILABLE', message: 'Service unavailable' } };
  for (const [path, url, failed] of [
    [BOATS, '**/api/boats', 'Senarai bot tidak dapat dimuatkan'],
    [COLD_ROOMS, '**/api/cold-rooms', 'Senarai bilik sejuk tidak dapat dimuatkan'],
  ] as const) {
    await empty.route(url, (route) => route.fulfill(down));
    await empty.goto(path);
    await empty.reload();
    await expect(empty.getByText(failed)).toBeVisible();
    await expect(empty.getByText('Perkhidmatan tidak tersedia')).toBeVisible();
    await snap(empty, testInfo, `${path === BOATS ? 'boats' : 'cold-rooms'}-error-my`);
    await empty.unroute(url);
    await empty.getByRole('button', { name: 'Cuba lagi' }).click();
    await expect(empty.getByText(failed)).toBeHidden();
  }
  await empty.context().close();
});

test('a form whose code fails to load says so in its sheet; Retry brings it, nothing else moves', async ({
  page,
}, testInfo) => {
  await signIn(page);
  // The form's chunk, which the list page no longer loads itself (zod, the photo uploader).
  const restoreChunk = await chunkFailsUntilRestored(page, /\/assets\/BoatForm-[\w-]+\.js$/);
  await page.goto(BOATS);
  await expect(card(page, 'SLF 4521')).toBeVisible();
  await page.getByRole('button', { name: 'Add boat' }).click();
  // Inside the sheet, whose dialog (and its name) is the form's own.
  const failed = page.locator('.adm-popup-body').getByRole('alert');
  await expect(failed).toContainText('This form could not be loaded');
  await snap(page, testInfo, 'boat-form-failed-en', false);
  restoreChunk();
  await failed.getByRole('button', { name: 'Retry' }).click();
  const add = sheet(page, 'Add boat');
  await expect(add.getByLabel('Boat number')).toBeVisible();
  // The list behind it is as it was.
  await expect(card(page, 'SLF 4521')).toBeVisible();
});

test('a photo on its way up shows dimmed with Uploading…, then as the photo; a tap opens it', async ({
  page,
}, testInfo) => {
  await signIn(page);
  // The upload's answer held back, so the cell on its way can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/media', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(BOATS);
  await page.getByRole('button', { name: 'Add boat' }).click();
  const add = sheet(page, 'Add boat');
  const photo = add.getByRole('group', { name: 'Photo' });
  await photo.locator('input[type="file"]').setInputFiles(PHOTO.pathname);
  await expect(photo.getByText('Uploading...', { exact: true })).toBeVisible();
  // One photo at most: no add button while it is on its way.
  await expect(photo.getByRole('button', { name: 'Upload' })).toBeHidden();
  await snap(page, testInfo, 'boat-photo-uploading-en', false);
  release();
  await expect(photo.getByText('Uploading...', { exact: true })).toBeHidden();
  await expect(photo.locator('img[src*="/media/"]')).toBeVisible();
  await photo.locator('img[src*="/media/"]').click();
  await expect(page.locator('.adm-image-viewer-content')).toBeVisible();
  // Back leaves no viewer over whatever shows next.
  await page.goBack();
  await expect(page.locator('.adm-image-viewer-content')).toBeHidden();
});
