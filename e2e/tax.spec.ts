import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  operator,
  paidOrder,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  toastSays,
  unique,
  untilStill,
  useLocale,
} from './helpers';
import { test } from './test';

const TAX_URL = /#\/pages\/profile\/tax-details$/;

// Merchants are in Malaysia: dates read in Kuala Lumpur time, as the server writes them.
test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

/** Basic info saved through the API with the page's session: tax details belong to a store. */
async function saveBasicInfo(page: Page) {
  const response = await page.request.put('/api/store/basic-info', {
    data: { name: unique('Ikan Segar Jeti') },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Chooses an option on an antd-mobile picker wheel with a tap, as on a phone, then confirms. */
async function pickOnWheel(page: Page, field: string, option: string, confirm = 'Confirm') {
  await page.getByLabel(field, { exact: true }).click();
  const picker = page.locator('.adm-picker').filter({ visible: true });
  await picker.getByText(option, { exact: true }).tap();
  // The wheel rolls to the tapped item before Confirm reads it.
  await untilStill(page);
  await picker.getByText(confirm, { exact: true }).click();
  await expect(picker).toHaveCount(0);
}

/** The Store page's entry to the tax details (its title, what is missing, its state). */
const taxEntry = (page: Page, title: string) => page.getByText(title, { exact: true });

/** The entry's title and its Complete state, in each language. */
const SCREENS = {
  en: { title: 'Tax details', complete: 'Complete' },
  zh: { title: '税务资料', complete: '已完善' },
  my: { title: 'Butiran cukai', complete: 'Lengkap' },
} as const;

test('a new merchant completes the tax details: each field checked, MSIC picked from LHDN’s list', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await saveBasicInfo(page);

  // Profile → Store management: the Store page says how much is missing, and leads there.
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await page.getByText('Store management', { exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/store$/);
  await expect(page.getByText('8 missing', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Missing: TIN, SSM registration number, MSIC code, business activity, address, postcode, city, state',
      { exact: true },
    ),
  ).toBeVisible();
  await snap(page, testInfo, 'store-tax-missing-en', false);
  await taxEntry(page, 'Tax details').click();
  await expect(page).toHaveURL(TAX_URL);
  await expect(page.getByRole('heading', { name: 'Tax details', level: 1 })).toBeVisible();
  await expect(page.getByRole('note').first()).toHaveText(
    'Before an e-invoice can be issued, add: TIN, SSM registration number, MSIC code, business activity, address, postcode, city, state',
  );
  await expect(page.getByLabel('Country')).toHaveValue('Malaysia');
  await snap(page, testInfo, 'tax-details-empty-en');

  // Leaving a field judges it: a wrong TIN and postcode each say what is wrong, at once.
  const tin = page.getByLabel('Tax identification number (TIN)');
  await tin.fill('x123');
  await expect(tin).toHaveValue('X123');
  await page.getByLabel('Postcode').fill('4500');
  await page.getByLabel('City').focus();
  await expect(
    page.getByText('A TIN is its type letters and digits, e.g. C20880050010', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('A postcode has 5 digits', { exact: true })).toBeVisible();
  // A field left blank is not told off until Save.
  await expect(page.getByText('Enter the city', { exact: true })).toHaveCount(0);

  // Save: every wrong or missing field says so; nothing typed is lost.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'A TIN is its type letters and digits, e.g. C20880050010',
    'Enter the SSM registration number',
    'Choose the MSIC code of your business',
    'Describe the business activity',
    'Enter the first line of the address',
    'A postcode has 5 digits',
    'Enter the city',
    'Choose the state',
  ]);
  await expect(tin).toHaveValue('X123');
  await expect(page.getByLabel('Postcode')).toHaveValue('4500');
  await snap(page, testInfo, 'tax-details-errors-en');

  // Leaving with changes asks first; staying keeps them.
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(TAX_URL);
  await expect(tin).toHaveValue('X123');

  // Valid details. Capitals as typed; the SST number only once registered.
  await tin.fill('c20880050010');
  await expect(tin).toHaveValue('C20880050010');
  await expect(page.getByText('A TIN is its type letters', { exact: false })).toHaveCount(0);
  await page.getByLabel('SSM registration number').fill('202001234567');
  await expect(page.getByLabel('SST registration number')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Registered for SST' }).click();
  await page.getByLabel('SST registration number').fill('w10-1808-32000123');

  // MSIC from LHDN's list, searched by a word; picking fills the activity with LHDN's words.
  await page.getByLabel('MSIC code', { exact: true }).click();
  const msic = page.getByRole('dialog', { name: 'Choose your MSIC code' });
  await expect(msic.getByRole('option').first()).toBeVisible();
  await msic.getByRole('searchbox').fill('fish');
  await expect(msic.getByRole('option', { name: /^46312/ })).toBeVisible();
  await msic.getByRole('searchbox').fill('fish seafood');
  await expect(msic.getByRole('option')).toHaveCount(2);
  await untilStill(page);
  await snap(page, testInfo, 'tax-details-msic-en', false);
  await msic.getByRole('option', { name: /^46312/ }).click();
  await expect(msic).toBeHidden();
  await expect(page.getByLabel('MSIC code', { exact: true })).toHaveText(
    '46312 · Wholesale of fish and other seafood',
  );
  await expect(page.getByLabel('Business activity')).toHaveValue(
    'Wholesale of fish and other seafood',
  );

  await page.getByLabel('Address line 1').fill('Lot 12, Jeti Nelayan');
  await page.getByLabel('Address line 2 (optional)').fill('Jalan Klinik');
  await page.getByLabel('Postcode').fill('45000');
  await page.getByLabel('City').fill('Kuala Selangor');
  await pickOnWheel(page, 'State', 'Selangor');
  await expect(page.getByLabel('State', { exact: true })).toHaveText('Selangor');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toastSays(page, 'Saved successfully');
  await expect(page.getByRole('note').first()).toHaveText('Complete: e-invoices can be issued.');
  await expect(page.getByLabel('SST registration number')).toHaveValue('W10-1808-32000123');
  await snap(page, testInfo, 'tax-details-complete-en');

  // Saved: Back goes without asking, and the Store page says Complete.
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/profile\/store$/);
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByText(/missing/)).toHaveCount(0);
  const saved = await (await page.request.get('/api/store/tax-details')).json();
  expect(saved).toMatchObject({
    tin: 'C20880050010',
    registrationNumber: '202001234567',
    sstNumber: 'W10-1808-32000123',
    msicCode: '46312',
    businessActivity: 'Wholesale of fish and other seafood',
    addressLines: ['Lot 12, Jeti Nelayan', 'Jalan Klinik'],
    postcode: '45000',
    city: 'Kuala Selangor',
    stateCode: '10',
    missing: [],
  });

  // The same page in Chinese and Malay: long labels wrap, the saved details show.
  for (const locale of ['zh', 'my'] as const) {
    await useLocale(page, locale);
    await page.goto('/#/pages/profile/store');
    await page.reload();
    await expect(page.getByText(SCREENS[locale].complete, { exact: true })).toBeVisible();
    await taxEntry(page, SCREENS[locale].title).click();
    await expect(page).toHaveURL(TAX_URL);
    await expect(
      page.getByRole('heading', { name: SCREENS[locale].title, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('textbox').first()).toHaveValue('C20880050010');
    await snap(page, testInfo, `tax-details-${locale}`);
  }
});

test('the tax details’ errors read in Chinese and Malay, field by field', async ({
  page,
  request,
}, testInfo) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await saveBasicInfo(page);
  const texts = {
    zh: {
      save: '保存',
      tin: '税务识别号（TIN）',
      tinInvalid: 'TIN 由类型字母和数字组成，例如 C20880050010',
    },
    my: {
      save: 'Simpan',
      tin: 'Nombor pengenalan cukai (TIN)',
      tinInvalid: 'TIN ialah huruf jenis dan digit, cth. C20880050010',
    },
  } as const;
  for (const locale of ['zh', 'my'] as const) {
    await useLocale(page, locale);
    await page.goto('/#/pages/profile/tax-details');
    await page.reload();
    await page.getByLabel(texts[locale].tin).fill('123');
    await page.getByRole('button', { name: texts[locale].save, exact: true }).click();
    await expect(page.getByText(texts[locale].tinInvalid, { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(8);
    await snap(page, testInfo, `tax-details-errors-${locale}`);
  }
});

/**
 * A paid order of a new merchant (verified, one boat, basic info but no tax details): a lot won
 * by demo buyer 1, paid through the buyer API.
 */
async function paidOrderOfNewMerchant(page: Page, request: APIRequestContext, baseURL: string) {
  const merchant = await registerMerchant(request);
  await operator(request, `/merchants/${encodeURIComponent(merchant.phone)}/business/verify`);
  await signIn(page, merchant.phone, merchant.password);
  await saveBasicInfo(page);
  const boat = await page.request.post('/api/boats', {
    data: { boatNumber: 'PKN 4631', ownerName: 'Tan Ah Seng' },
  });
  expect(boat.ok(), await boat.text()).toBe(true);
  return paidOrder(page, baseURL, { name: 'E-invoice kembung', price: 1000 });
}

test('an e-invoice waiting for tax details names them and leads to the Tax details page', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const orderId = await paidOrderOfNewMerchant(page, request, baseURL!);
  await tabBar(page).getByText('Orders', { exact: true }).click();
  await page.goto(`/#/pages/orders/order-detail?id=${orderId}`);
  const invoice = page.getByRole('region', { name: 'Invoice' });
  await expect(invoice).toContainText('No E-Invoice');
  await invoice.getByRole('button', { name: 'Generate invoice' }).click();
  await toastSays(page, 'Invoice ready');
  await expect(invoice).toContainText('E-Invoice: Not submitted');
  await expect(invoice).toContainText(
    'Complete your tax details to issue the e-invoice: TIN, SSM registration number, MSIC code, business activity, address, postcode, city, state',
  );
  await expect(invoice.getByRole('button', { name: 'Submit e-invoice' })).toBeVisible();
  await invoice.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'order-einvoice-missing-en', false);

  for (const [locale, text] of [
    ['zh', '请完善税务资料以开具电子发票：TIN、SSM 注册号、MSIC 代码'],
    [
      'my',
      'Lengkapkan butiran cukai anda untuk mengeluarkan e-invois: TIN, nombor pendaftaran SSM',
    ],
  ] as const) {
    await useLocale(page, locale);
    await page.reload();
    await expect(page.getByText(text, { exact: false })).toBeVisible();
    await page.getByText(text, { exact: false }).scrollIntoViewIfNeeded();
    await snap(page, testInfo, `order-einvoice-missing-${locale}`, false);
  }
  await useLocale(page, 'en');
  await page.reload();

  await invoice.getByRole('link', { name: 'Complete tax details' }).click();
  await expect(page).toHaveURL(TAX_URL);
  await expect(page.getByRole('heading', { name: 'Tax details', level: 1 })).toBeVisible();
});

/** axe's serious and critical findings (WCAG 2.0/2.1 A and AA, and heading order), as rule ids. */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.id === 'heading-order' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const MSIC = {
  en: { label: 'MSIC code', sheet: 'Choose your MSIC code' },
  zh: { label: 'MSIC 代码', sheet: '选择 MSIC 代码' },
  my: { label: 'Kod MSIC', sheet: 'Pilih kod MSIC anda' },
} as const;

/** A new merchant with basic info saved, signed in on the page. */
async function merchantWithStore(page: Page, request: APIRequestContext) {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  await saveBasicInfo(page);
}

// One test per language: axe on a busy CI machine takes several seconds a run, and three
// languages' page and sheet in one test came close to its timeout.
for (const locale of ['en', 'zh', 'my'] as const) {
  test(`the Tax details page and its MSIC sheet pass axe in ${locale}`, async ({
    page,
    request,
  }) => {
    await merchantWithStore(page, request);
    await useLocale(page, locale);
    await page.goto('/#/pages/profile/tax-details');
    await page.reload();
    await expect(
      page.getByRole('heading', { name: SCREENS[locale].title, level: 1 }),
    ).toBeVisible();
    expect(await axeFindings(page), 'page').toEqual([]);
    await page.getByLabel(MSIC[locale].label, { exact: true }).click();
    const sheet = page.getByRole('dialog', { name: MSIC[locale].sheet });
    await expect(sheet.getByRole('option').first()).toBeVisible();
    await untilStill(page);
    expect(await axeFindings(page), 'MSIC sheet').toEqual([]);
  });
}

test('Back from the Tax details page with nothing typed leaves at once, and the sheet goes with it', async ({
  page,
  request,
}) => {
  await merchantWithStore(page, request);
  await page.goto('/#/pages/profile/store');
  await taxEntry(page, 'Tax details').click();
  await expect(page).toHaveURL(TAX_URL);
  await page.getByLabel(MSIC.en.label, { exact: true }).click();
  const sheet = page.getByRole('dialog', { name: MSIC.en.sheet });
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/profile\/store$/);
  await expect(sheet).toBeHidden();
});
