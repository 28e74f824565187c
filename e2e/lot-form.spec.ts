import { expect, type Locator, type Page } from '@playwright/test';
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
  toastWillSay,
} from './helpers';
import { test } from './test';

const FORM = '/#/pages/auction-create/auction-create';

/** A form row by its visible label: the label's own row, where the field's error shows. */
const field = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('..');

const lotCard = (page: Page, n: number) => page.getByRole('region', { name: `Lot ${n}` });
const photoGroup = (lot: Locator) => lot.getByRole('group', { name: 'Photos (1 to 3)' });
const photos = (lot: Locator) => photoGroup(lot).locator('img[src*="/media/"]');
const speciesSheet = (page: Page) => page.getByRole('dialog', { name: 'Species category' });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without publishing?' });

/** Starts from a device that has no draft and remembers no lot. */
const forgetForm = (page: Page) =>
  page.evaluate(() => {
    localStorage.removeItem('auctionDraft');
    localStorage.removeItem('lotFormMemory');
  });

/** Chooses an option on an antd-mobile picker wheel with a tap, as on a phone, then confirms. */
async function pick(page: Page, button: Locator, option: string) {
  await button.click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await picker.getByText(option, { exact: true }).tap();
  // The wheel rolls to the tapped item before Confirm reads it.
  await untilStill(page);
  await picker.getByText('Confirm', { exact: true }).click();
  await expect(picker).toHaveCount(0);
}

/** Chooses a lot's species on its sheet, searched by `search` when given, with one tap. */
async function chooseSpecies(page: Page, lot: Locator, name: string, search?: string) {
  await lot.getByLabel('Species category').click();
  const sheet = speciesSheet(page);
  if (search) await sheet.getByLabel('Search species').fill(search);
  await sheet
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .tap();
  await expect(sheet).toBeHidden();
  await expect(lot.getByLabel('Species category')).toContainText(name);
}

async function addPhoto(lot: Locator, count = 1) {
  await photoGroup(lot).locator('input[type="file"]').setInputFiles(PHOTO.pathname);
  await expect(photos(lot)).toHaveCount(count);
  await expect(lot.getByRole('progressbar')).toHaveCount(0);
}

/** Leaves a text field as a finger would, tapping elsewhere: the field is checked then. */
const leave = (input: Locator) => input.press('Tab');

test('remembers the last lot: recent species first, search in three languages, harbour and boat', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page);
  await forgetForm(page);
  await page.goto(FORM);
  const lot = lotCard(page, 1);
  // Two boats and nothing remembered: the merchant chooses; the harbour is empty.
  await expect(lot.getByLabel('Boat')).toHaveText('Choose');
  await expect(lot.getByLabel('Harbor')).toHaveValue('');

  // The species list searches the names in English, Chinese and Malay; no recent ones yet.
  await lot.getByLabel('Species category').click();
  const sheet = speciesSheet(page);
  await expect(sheet.getByRole('heading', { name: 'All species' })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Recently used' })).toHaveCount(0);
  const search = sheet.getByLabel('Search species');
  const options = sheet.getByRole('button', { name: /·/ });
  await expect(options).toHaveCount(23);
  const searches: [string, string][] = [
    ['kerapu', 'Grouper'],
    ['石斑', 'Grouper'],
    ['grouper', 'Grouper'],
    ['harimau', 'Tiger prawn'],
  ];
  for (const [typed, match] of searches) {
    await search.fill(typed);
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText(match);
  }
  await search.fill('crab');
  await expect(sheet.getByRole('heading', { name: '2 matches' })).toBeVisible();
  await search.fill('whale');
  await expect(sheet.getByRole('status')).toHaveText('No species matches “whale”');
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();

  // A lot of tiger prawns from the second boat, landed at Sekinchan, is published.
  const name = unique('Tiger prawn');
  await pick(page, lot.getByLabel('Boat'), 'SLF 3307 · Tan Ah Kow');
  await lot.getByLabel('Harbor').fill('Sekinchan');
  await lot.getByRole('radio', { name: 'Fresh' }).check();
  await lot.getByLabel('Name').fill(name);
  await chooseSpecies(page, lot, 'Tiger prawn', 'udang harimau');
  await lot.getByLabel('Quantity').fill('40');
  await lot.getByLabel('Start price').fill('38');
  await addPhoto(lot);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // The next form starts where that one ended: its harbour, its boat, its species first.
  await page.goto(FORM);
  const next = lotCard(page, 1);
  await expect(next.getByLabel('Harbor')).toHaveValue('Sekinchan');
  await expect(next.getByLabel('Boat')).toHaveText('SLF 3307 · Tan Ah Kow');
  await next.getByLabel('Species category').click();
  const recent = sheet.getByRole('list', { name: 'Recently used' });
  await expect(recent.getByRole('button')).toHaveCount(1);
  await expect(recent.getByRole('button').first()).toContainText('Tiger prawn');
  await snap(page, testInfo, 'lot-form-species-en', false);
  // Searching puts the recent match first too.
  await sheet.getByLabel('Search species').fill('udang');
  await expect(options.first()).toContainText('Tiger prawn');
  await expect(options).toHaveCount(2);
  await options.first().tap();
  await expect(next.getByLabel('Species category')).toHaveText('Tiger prawn');
  // A species chosen is input: Back asks; Discard leaves no draft behind.
  await page.getByRole('button', { name: 'Back' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auctionDraft'))).toBeNull();
});

test("a store's only boat is preselected", async ({ page, request }) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  const boatNumber = `PKN ${Math.floor(Math.random() * 9000) + 1000}`;
  const added = await page.request.post('/api/boats', {
    data: { boatNumber, ownerName: 'Lim Ah Seng' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto(FORM);
  await expect(lotCard(page, 1).getByLabel('Boat')).toHaveText(`${boatNumber} · Lim Ah Seng`);
  // Nothing typed: Back leaves at once.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/#\/$/);
});

test('Back with unsaved input asks: Stay keeps it, Leave keeps the draft for the return, Discard drops it', async ({
  page,
}) => {
  await signIn(page);
  await forgetForm(page);
  await page.getByRole('link', { name: 'Create Auction' }).first().click();
  const lot = lotCard(page, 1);
  const name = unique('Kembung for Pasar Borong');
  await lot.getByLabel('Name').fill(name);
  await lot.getByLabel('Quantity').fill('55.5');

  // The header's Back asks; Stay keeps everything typed.
  await page.getByRole('button', { name: 'Back' }).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your lots are not published');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/auction-create/);
  await expect(lot.getByLabel('Name')).toHaveValue(name);
  await expect(lot.getByLabel('Quantity')).toHaveValue('55.5');

  // Leave keeps the draft (it was saved as it was typed): back on the form it is offered again.
  await page.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Leave and keep the draft' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await page.getByRole('link', { name: 'Create Auction' }).first().click();
  const restore = page.getByRole('dialog', { name: 'Restore your draft?' });
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore).toBeHidden();
  await expect(lot.getByLabel('Name')).toHaveValue(name);
  await expect(lot.getByLabel('Quantity')).toHaveValue('55.5');

  // The phone's Back asks too; Discard leaves and drops the draft.
  await page.goBack();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auctionDraft'))).toBeNull();
  await page.getByRole('link', { name: 'Create Auction' }).first().click();
  await expect(lot.getByLabel('Name')).toHaveValue('');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a file that is not a photo is told at the field and in a toast; the photo is still required', async ({
  page,
}) => {
  await signIn(page);
  await forgetForm(page);
  await page.goto(FORM);
  const lot = lotCard(page, 1);
  const group = photoGroup(lot);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(group).toContainText('Please upload at least 1 photo');

  const told = 'catch.jpg is not a photo: use a JPEG, PNG or WebP image';
  const toasted = await toastWillSay(page, told);
  await group.locator('input[type="file"]').setInputFiles({
    name: 'catch.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Ikan kerapu 50 kg, Kuala Selangor\n'.repeat(20)),
  });
  // Once in the toast and once at the field; the toast goes, the field keeps saying it.
  await toasted();
  await expect(page.getByText(told, { exact: true })).toHaveCount(1);
  await expect(group).toContainText(told);
  await expect(group).toContainText('Please upload at least 1 photo');
  await expect(photos(lot)).toHaveCount(0);

  // A real photo: both messages go.
  await addPhoto(lot);
  await expect(group).not.toContainText(told);
  await expect(group).not.toContainText('Please upload at least 1 photo');
});

test('numbers, names and landing times are refused with their own message, at once', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await forgetForm(page);
  await page.goto(FORM);
  const lot = lotCard(page, 1);

  // "12,50" is not read as RM 1,250.00.
  const start = lot.getByLabel('Start price');
  await start.fill('12,50');
  await leave(start);
  await expect(field(lot, 'Start price')).toContainText('Use a dot for decimals, e.g. 12.50');
  await start.fill('12.50');
  await leave(start);
  await expect(field(lot, 'Start price')).not.toContainText('Use a dot');

  // Two decimals of kg: not the range message.
  const quantity = lot.getByLabel('Quantity');
  await quantity.fill('10.55');
  await leave(quantity);
  await expect(field(lot, 'Quantity')).toContainText('One decimal at most, e.g. 10.5 kg');
  await expect(field(lot, 'Quantity')).not.toContainText('Enter a quantity from');

  // A buyout not above the start price is flagged in its field as soon as it is left.
  const buyout = lot.getByLabel('Buyout price (optional)');
  await buyout.fill('12.50');
  await leave(buyout);
  const buyoutRow = field(lot, 'Buyout price (optional)');
  await expect(buyoutRow).toContainText('Buyout price must be above the start price');
  // Lowering the start price mends it.
  await start.fill('11');
  await leave(start);
  await expect(buyoutRow).not.toContainText('Buyout price must');

  // A name of 200 characters is kept as typed and refused with its own message while typing.
  const name = lot.getByLabel('Name');
  await name.fill('Kerapu '.repeat(29).slice(0, 200));
  await expect(field(lot, 'Name')).toContainText('Name: at most 140 characters');
  expect((await name.inputValue()).length).toBe(200);

  // Landing times: last year is too old, next year is in the future, each said on picking.
  const year = new Date().getFullYear();
  const landing = lot.getByLabel('Landing date and time');
  await pick(page, landing, String(year - 1));
  await expect(field(lot, 'Landing date and time')).toContainText(
    'Landing time must be within the last 7 days',
  );
  await pick(page, landing, String(year + 1));
  await expect(field(lot, 'Landing date and time')).toContainText(
    'Landing time cannot be in the future',
  );
  await snap(page, testInfo, 'lot-form-errors-en');

  // Publish refuses them all, each still at its field.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/auction-create/);
  await expect(field(lot, 'Quantity')).toContainText('One decimal at most');
  await expect(field(lot, 'Name')).toContainText('Name: at most 140 characters');
});

test('checks that do not load hold the messages back; Publish says so, then tells them all', async ({
  page,
}) => {
  await signIn(page);
  await forgetForm(page);
  // The form's checks (the contract's schema, zod), which it loads when it is first focused.
  const restoreChunk = await chunkFailsUntilRestored(page, /\/assets\/lotChecks-[\w-]+\.js$/);
  await page.goto(FORM);
  const lot = lotCard(page, 1);
  const start = lot.getByLabel('Start price');
  await start.fill('12,50');
  await leave(start);
  await page.getByRole('button', { name: 'Publish' }).click();
  await toastSays(page, 'Failed');
  await expect(field(lot, 'Start price')).not.toContainText('Use a dot');

  // A second press loads them: every problem is told at its field, and nothing was published.
  restoreChunk();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Please fill in all fields', { exact: true })).toBeVisible();
  await expect(field(lot, 'Start price')).toContainText('Use a dot for decimals, e.g. 12.50');
  await expect(page).toHaveURL(/auction-create/);
  // From then on a field is judged as it is left.
  await start.fill('12.50');
  await leave(start);
  await expect(field(lot, 'Start price')).not.toContainText('Use a dot');
});

test('a second lot of the same catch takes at most 6 taps besides quantity and prices', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page);
  await forgetForm(page);
  await page.goto(FORM);
  const first = lotCard(page, 1);
  const name = unique('Selar morning catch');
  await pick(page, first.getByLabel('Boat'), 'SLF 4521 · Ahmad bin Ismail');
  await first.getByLabel('Harbor').fill('Kuala Selangor');
  await first.getByRole('radio', { name: 'Frozen' }).check();
  await first.getByLabel('Name').fill(name);
  await chooseSpecies(page, first, 'Yellowtail scad', 'selar');
  await first.getByLabel('Quantity').fill('80');
  await first.getByLabel('Start price').fill('9');
  await addPhoto(first);
  const landedAt = await first.getByLabel('Landing date and time').innerText();

  // From here every tap is counted; typing quantity and prices is not.
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };
  await tap(page.getByRole('button', { name: 'Add lot' }));
  const second = lotCard(page, 2);
  // The catch's facts come from the lot above.
  await expect(second.getByLabel('Boat')).toHaveText('SLF 4521 · Ahmad bin Ismail');
  await expect(second.getByLabel('Harbor')).toHaveValue('Kuala Selangor');
  await expect(second.getByRole('radio', { name: 'Frozen' })).toBeChecked();
  await expect(second.getByLabel('Landing date and time')).toHaveText(landedAt);
  await expect(second.getByLabel('Species category')).toHaveText('Yellowtail scad');
  await expect(second.getByLabel('Name')).toHaveValue(name);
  await expect(second.getByLabel('Quantity')).toHaveValue('');

  await second.getByLabel('Quantity').fill('35.5');
  await second.getByLabel('Start price').fill('8.50');
  await second.getByLabel('Buyout price (optional)').fill('12');
  // The photo: a tap on the uploader, a tap on the file in the phone's chooser.
  const chooser = page.waitForEvent('filechooser');
  await tap(photoGroup(second).locator('input[type="file"]'));
  taps += 1;
  await (await chooser).setFiles(PHOTO.pathname);
  await expect(photos(second)).toHaveCount(1);
  await expect(second.getByRole('progressbar')).toHaveCount(0);
  await snap(page, testInfo, 'lot-form-second-lot');
  await tap(page.getByRole('button', { name: 'Publish' }));
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /2\./ })).toBeVisible();

  testInfo.annotations.push({ type: 'taps for a second lot', description: String(taps) });
  expect(taps).toBeLessThanOrEqual(6);
});

/** Makes this device remember published lots of tiger prawns and kerapu from boat SLF 4521. */
async function rememberLot(page: Page, harbor: string) {
  const boats = (await (await page.request.get('/api/boats')).json()) as {
    items: { id: string; boatNumber: string }[];
  };
  const boat = boats.items.find((item) => item.boatNumber === 'SLF 4521');
  await page.evaluate(
    ({ boatId, harbor }) => {
      const merchant = JSON.parse(localStorage.getItem('merchantInfo') ?? '{}') as {
        data?: { id?: string };
      };
      const memory = {
        merchantId: merchant.data?.id,
        recentSpecies: ['udang_harimau', 'kerapu'],
        harbor,
        boatId,
      };
      localStorage.setItem('lotFormMemory', JSON.stringify({ type: 'object', data: memory }));
    },
    { boatId: boat!.id, harbor },
  );
}

for (const locale of ['en', 'zh', 'my']) {
  test(`the lot form in ${locale} at 390×844`, async ({ page }, testInfo) => {
    await signIn(page);
    await forgetForm(page);
    await rememberLot(page, 'Kuala Selangor');
    await useLocale(page, locale);
    await page.goto(FORM);
    await page.reload();
    const lot = page.getByRole('region').first();
    // Remembered: the harbour typed last time and the boat used last time.
    await expect(lot.getByRole('textbox').first()).toHaveValue('Kuala Selangor');
    await expect(lot.getByText('SLF 4521 · Ahmad bin Ismail')).toBeVisible();
    await snap(page, testInfo, `lot-form-${locale}`, false);
    await snap(page, testInfo, `lot-form-full-${locale}`);
    await lot.getByRole('button', { name: /species|品种|spesies/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await untilStill(page);
    await snap(page, testInfo, `lot-form-species-sheet-${locale}`, false);
  });
}
