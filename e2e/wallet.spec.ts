import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  advanceClock,
  fact,
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

const WALLET_URL = /#\/pages\/profile\/wallet/;
const BANK_URL = /#\/pages\/profile\/bank-account$/;

// Merchants are in Malaysia: dates read in Kuala Lumpur time, as the server writes them.
test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

const merchantPath = (phone: string) => encodeURIComponent(phone);
const verifyBank = (request: APIRequestContext, phone: string) =>
  operator(request, `/bank-accounts/${merchantPath(phone)}/verify`);
const rejectBank = (request: APIRequestContext, phone: string, reason: string) =>
  operator(request, `/bank-accounts/${merchantPath(phone)}/reject`, { reason });
const credit = (request: APIRequestContext, phone: string, amount: number) =>
  operator(
    request,
    `/wallets/${merchantPath(phone)}/credit`,
    { amount },
    {
      'Idempotency-Key': randomUUID(),
    },
  );
const approve = (request: APIRequestContext, id: string) =>
  operator(request, `/withdrawals/${id}/approve`);
const reject = (request: APIRequestContext, id: string, reason: string) =>
  operator(request, `/withdrawals/${id}/reject`, { reason });

/** The merchant's pending withdrawal, read with the page's own session. */
async function pendingWithdrawalId(page: Page): Promise<string> {
  const response = await page.request.get('/api/wallet');
  expect(response.ok(), await response.text()).toBe(true);
  const wallet = (await response.json()) as { pendingWithdrawal: { id: string } | null };
  expect(wallet.pendingWithdrawal).not.toBeNull();
  return wallet.pendingWithdrawal!.id;
}

/** A bank account saved through the API with the page's session (for tests about what follows). */
async function saveBank(page: Page, holderName: string, accountNumber = '5141 2345 6789') {
  const response = await page.request.put('/api/bank-account', {
    data: { bankCode: 'MBB', holderName, accountNumber },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A withdrawal requested through the API with the page's session; its id. */
async function withdrawByApi(page: Page, amount: number): Promise<string> {
  const response = await page.request.post('/api/wallet/withdrawals', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { amount },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

const balanceCard = (page: Page) => page.getByRole('region', { name: 'Available balance' });
const statement = (page: Page) => page.getByRole('region', { name: 'Statement' });
const entries = (page: Page) =>
  statement(page).getByRole('list', { name: 'Transactions' }).getByRole('listitem');
const sheet = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openWithdraw(page: Page) {
  await balanceCard(page).getByRole('button', { name: 'Withdraw' }).click();
  const form = sheet(page, 'Withdraw to your bank');
  await expect(form).toBeVisible();
  return form;
}

test('a bank account verified, a deposit, a withdrawal in review then approved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const merchant = await registerMerchant(request);
  const holder = unique('Ikan Segar Sdn Bhd');
  await signIn(page, merchant.phone, merchant.password);

  // Profile → Bank account: nothing saved yet.
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await page.getByText('Bank account', { exact: true }).click();
  await expect(page).toHaveURL(BANK_URL);
  await expect(page.getByRole('heading', { name: 'Bank account', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Add the bank account');

  // Save with nothing: each field says what it lacks.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select a bank', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter the account holder name', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter the account number', { exact: true })).toBeVisible();

  // The bank from a searchable list.
  await page.getByLabel('Bank', { exact: true }).click();
  const banks = sheet(page, 'Choose your bank');
  await banks.getByRole('searchbox').fill('may');
  await expect(banks.getByRole('option')).toHaveCount(1);
  await banks.getByRole('option', { name: 'Maybank' }).click();
  await expect(banks).toBeHidden();
  await expect(page.getByLabel('Bank', { exact: true })).toHaveText('Maybank');
  await expect(page.getByText('Please select a bank', { exact: true })).toHaveCount(0);

  // A bad number is refused; nothing typed is lost.
  await page.getByLabel('Account holder name').fill(holder);
  await page.getByLabel('Account number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid account number', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Account holder name')).toHaveValue(holder);
  await expect(page.getByLabel('Account number')).toHaveValue('12345');
  await expect(page.getByLabel('Bank', { exact: true })).toHaveText('Maybank');

  await page.getByLabel('Account number').fill('5141-2345 6789');
  await expect(page.getByText('Will be saved as 5141 2345 6789')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Saved successfully');
  const status = page.getByRole('region', { name: 'Verification status' });
  await expect(status).toContainText('Unverified');
  await expect(status).toContainText('The marketplace is checking these details');

  // The operator verifies it: the page says so without a reload (live event).
  await verifyBank(request, merchant.phone);
  await expect(status).toContainText('Verified', { timeout: 15_000 });
  await expect(status).not.toContainText('Unverified');
  await page.reload();
  await expect(status).toContainText('Verified');

  // The wallet: the account masked and verified, nothing in the statement yet.
  await page.goBack();
  await page.getByText('My wallet', { exact: true }).click();
  await expect(page).toHaveURL(WALLET_URL);
  await expect(page.getByRole('heading', { name: 'My wallet', level: 1 })).toBeVisible();
  await expect(balanceCard(page)).toContainText('RM 0.00');
  const bankRow = page.getByRole('link', { name: /Maybank •••• 6789/ });
  await expect(bankRow).toContainText('Verified');
  await expect(bankRow).toContainText(holder);
  await expect(statement(page)).toContainText('No transactions yet');

  // The operator credits RM 500: balance and statement follow live.
  await credit(request, merchant.phone, 50_000);
  await expect(balanceCard(page)).toContainText('RM 500.00', { timeout: 15_000 });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Deposit');
  await expect(entries(page).first()).toContainText('+RM 500.00');
  await expect(entries(page).first()).toContainText('Balance RM 500.00');

  // Withdraw: checked before the API with the same messages.
  let form = await openWithdraw(page);
  await expect(form).toContainText('Available RM 500.00');
  await expect(form).toContainText('Maybank •••• 6789');
  await expect(form).toContainText('One withdrawal every 24 hours');
  const amount = form.getByLabel('Amount (RM)');
  await amount.fill('600');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Insufficient balance', { exact: true })).toBeVisible();
  await amount.fill('5');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('The least you can withdraw is RM 10.00')).toBeVisible();
  await amount.fill('12.345');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Enter a valid amount', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Withdraw all' }).click();
  await expect(amount).toHaveValue('500.00');

  await amount.fill('120.50');
  await form.getByRole('button', { name: 'Submit' }).click();
  await toastSays(page, 'Submitted waiting for review');
  await expect(form).toBeHidden();
  const pending = balanceCard(page).getByRole('button', { name: /Pending \(in review\)/ });
  await expect(pending).toContainText('RM 120.50');
  await expect(balanceCard(page)).toContainText('RM 379.50');
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).first()).toContainText('Withdrawal');
  await expect(entries(page).first()).toContainText('-RM 120.50');
  await expect(entries(page).first()).toContainText('Balance RM 379.50');

  // A second one waits for the first.
  form = await openWithdraw(page);
  await expect(form).toContainText('You already have a pending withdrawal');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // Its details, from the balance card; Back closes them.
  await pending.click();
  const details = sheet(page, 'Withdrawal details');
  await expect(details).toContainText('RM 120.50');
  await expect(fact(details, 'Status')).toHaveText('Pending (in review)');
  await expect(fact(details, 'Bank')).toHaveText('Maybank');
  await expect(fact(details, 'Account number')).toHaveText('•••• 6789');
  await expect(fact(details, 'Account holder')).toHaveText(holder);
  await expect(page).toHaveURL(/withdrawal=/);
  await page.goBack();
  await expect(details).toBeHidden();
  await expect(page).not.toHaveURL(/withdrawal=/);

  // The operator approves: the pending row goes, the 24 h rule shows, the entry stays.
  await approve(request, await pendingWithdrawalId(page));
  await expect(pending).toBeHidden({ timeout: 15_000 });
  await expect(balanceCard(page)).toContainText('Your next withdrawal is possible from');
  await expect(balanceCard(page)).toContainText('RM 379.50');
  form = await openWithdraw(page);
  await expect(form).toContainText('You can make one withdrawal every 24 hours');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await entries(page).filter({ hasText: 'Withdrawal' }).getByRole('button').click();
  await expect(fact(details, 'Status')).toHaveText('Completed');
  await expect(fact(details, 'Reviewed')).not.toBeEmpty();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // The filter chips: by type, in the address.
  const chips = page.getByRole('group', { name: 'Transaction type' });
  await chips.getByRole('button', { name: 'Withdrawal' }).click();
  await expect(page).toHaveURL(/type=withdrawal/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText('-RM 120.50');
  await chips.getByRole('button', { name: 'Refund Received' }).click();
  await expect(statement(page)).toContainText('No Refund Received transactions');
  await chips.getByRole('button', { name: 'All' }).click();
  await expect(entries(page)).toHaveCount(2);
  await snap(page, test.info(), 'wallet-approved-en');
});

test('a rejected bank account and a rejected withdrawal, refunded', async ({ page, request }) => {
  test.setTimeout(90_000);
  const merchant = await registerMerchant(request);
  const holder = unique('Nelayan Jaya');
  await signIn(page, merchant.phone, merchant.password);
  await saveBank(page, holder);

  // Rejected: the page gives the operator's reason; a withdrawal is not possible.
  await rejectBank(request, merchant.phone, 'The name does not match the bank record');
  await page.goto('/#/pages/profile/wallet');
  await expect(page.getByRole('link', { name: /Maybank •••• 6789/ })).toContainText('Rejected');
  const form = await openWithdraw(page);
  await expect(form).toContainText('Your bank account is not verified yet');
  await form.getByRole('link', { name: 'Go to bank account' }).click();
  await expect(page).toHaveURL(BANK_URL);
  const status = page.getByRole('region', { name: 'Verification status' });
  await expect(status).toContainText('Rejected');
  await expect(status).toContainText(
    'Rejected: The name does not match the bank record. Correct the details and save',
  );

  // Verified: changing it warns first, and Cancel keeps it verified.
  await verifyBank(request, merchant.phone);
  await expect(status).toContainText('Verified', { timeout: 15_000 });
  await page.getByLabel('Account holder name').fill(`${holder} Enterprise`);
  await expect(page.getByRole('note')).toContainText('sets the account back to Unverified');
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Your account is verified.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toContainText('Verified');
  await expect(page.getByLabel('Account holder name')).toHaveValue(`${holder} Enterprise`);

  // A withdrawal the operator rejects comes back as Refund Received.
  await credit(request, merchant.phone, 10_000);
  await page.goto('/#/pages/profile/wallet');
  await expect(balanceCard(page)).toContainText('RM 100.00');
  const sheetForm = await openWithdraw(page);
  await sheetForm.getByRole('button', { name: 'Withdraw all' }).click();
  await sheetForm.getByRole('button', { name: 'Submit' }).click();
  await toastSays(page, 'Submitted waiting for review');
  await expect(balanceCard(page)).toContainText('RM 0.00');

  await reject(request, await pendingWithdrawalId(page), 'Bank transfer bounced');
  await expect(entries(page).first()).toContainText('Refund Received', { timeout: 15_000 });
  await expect(entries(page).first()).toContainText('+RM 100.00');
  await expect(balanceCard(page)).toContainText('RM 100.00');
  await expect(
    balanceCard(page).getByRole('button', { name: /Pending \(in review\)/ }),
  ).toHaveCount(0);
  // A rejected withdrawal does not count towards the 24 h.
  await expect(balanceCard(page)).not.toContainText('Your next withdrawal');

  await entries(page).filter({ hasText: 'Withdrawal' }).getByRole('button').click();
  const details = sheet(page, 'Withdrawal details');
  await expect(fact(details, 'Status')).toHaveText('Rejected');
  await expect(fact(details, 'Reason')).toHaveText('Bank transfer bounced');
  await expect(details).toContainText('returned to your balance as Refund Received');
  // Its own address opens it again, as a link would.
  const url = page.url();
  await page.goto('/#/pages/profile/profile');
  await page.goto(url);
  await expect(fact(sheet(page, 'Withdrawal details'), 'Status')).toHaveText('Rejected');
  await sheet(page, 'Withdrawal details').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/wallet$/);

  await page
    .getByRole('group', { name: 'Transaction type' })
    .getByRole('button', {
      name: 'Refund Received',
    })
    .click();
  await expect(entries(page)).toHaveCount(1);
});

test('the daily payout pays completed orders in and says so live (my)', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const orderId = await paidOrder(page, baseURL!, { name: 'Payout lot' });
  for (const status of ['ready_for_pickup', 'in_transit', 'completed']) {
    const moved = await page.request.post(`/api/orders/${orderId}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  await operator(request, '/payouts/run'); // Scheduled for tomorrow: not news yet.

  await useLocale(page, 'my');
  await page.goto('/#/pages/profile/notifications');
  await page.reload();
  const list = page.getByRole('list', { name: 'Pemberitahuan' });
  await expect(page.getByRole('heading', { name: 'Pemberitahuan', level: 1 })).toBeVisible();
  const rows = list.getByRole('button').filter({ hasText: 'Pembayaran keluar selesai' });
  const before = await rows.count();
  await advanceClock(request, 24 * 60 * 60_000);
  await operator(request, '/payouts/run');
  // Live, without a reload: the sum of what this run paid the merchant, which opens the wallet.
  await expect(rows).toHaveCount(before + 1, { timeout: 15_000 });
  // The newest payout notification (the clock's day may have brought others' news too).
  const news = (await (await page.request.get('/api/notifications?limit=50')).json()) as {
    items: { type: string; data: { amount: number } }[];
  };
  const payout = news.items.find((n) => n.type === 'payout_completed');
  expect(payout).toBeDefined();
  const amount = `RM ${(payout!.data.amount / 100).toLocaleString('en-MY', { minimumFractionDigits: 2 })}`;
  await expect(rows.first()).toContainText(`${amount} daripada pesanan anda yang selesai`);
  await snap(page, test.info(), 'notifications-payout-my', false);
  await rows.first().click();
  await expect(page).toHaveURL(WALLET_URL);
});

test('the statement asks for its next page when its end nears the screen, not before', async ({
  page,
  request,
}) => {
  // 40 entries: a first page of 30 that runs far below the screen, and a second of 10.
  const merchant = await registerMerchant(request);
  for (let i = 1; i <= 40; i++) await credit(request, merchant.phone, i * 100);
  await signIn(page, merchant.phone, merchant.password);
  const pages: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/wallet/statement') pages.push(url.searchParams.get('cursor') ?? '');
  });

  await page.goto('/#/pages/profile/wallet');
  await expect(entries(page).first()).toContainText('RM 40.00');
  await untilStill(page);
  // Opening the wallet reads the first page only (the live stream may ask for it again).
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.filter(Boolean)).toEqual([]);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(statement(page)).toContainText('No more transactions');
  await expect(entries(page).last()).toContainText('RM 1.00');
  expect(pages.filter(Boolean)).toHaveLength(1);
});

test('a new merchant’s empty wallet; failed loads offer Retry', async ({ page, request }) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  const walletApi = (url: URL) => url.pathname === '/api/wallet';
  const statementApi = (url: URL) => url.pathname === '/api/wallet/statement';
  const unavailable = {
    status: 503,
    json: { code: 'UNAVAILABLE', message: 'Service unavailable' },
  };
  await page.route(walletApi, (route) => route.fulfill(unavailable));
  await page.route(statementApi, (route) => route.fulfill(unavailable));

  await page.goto('/#/pages/profile/wallet');
  await expect(page.getByText('The wallet could not be loaded')).toBeVisible();
  await expect(page.getByText('The statement could not be loaded')).toBeVisible();
  await expect(page.getByText('Service unavailable')).toHaveCount(2);
  await snap(page, test.info(), 'wallet-error-en', false);

  await page.unroute(walletApi);
  await page.unroute(statementApi);
  const retry = page.getByRole('button', { name: 'Retry' });
  await retry.first().click();
  await expect(retry).toHaveCount(1);
  await retry.click();
  await expect(balanceCard(page)).toContainText('RM 0.00');
  await expect(statement(page)).toContainText('No transactions yet');
  await expect(page.getByRole('link', { name: /Add a bank account/ })).toBeVisible();
  await snap(page, test.info(), 'wallet-empty-en', false);

  // No bank account: the sheet says so and leads to it.
  const form = await openWithdraw(page);
  await expect(form).toContainText('Add a bank account first');
  await expect(form.getByLabel('Amount (RM)')).toBeDisabled();
  // Nothing to withdraw yet: it says so, and how much there is, with Submit off.
  await expect(form).toContainText('The least you can withdraw is RM 10.00');
  await expect(form).toContainText('You have RM 0.00 to withdraw.');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await form.getByRole('link', { name: 'Go to bank account' }).click();
  await expect(page).toHaveURL(BANK_URL);

  // A withdrawal that is not this merchant's reads as not found.
  await page.goto('/#/pages/profile/wallet?withdrawal=00000000-0000-4000-8000-000000000000');
  await expect(sheet(page, 'Withdrawal details')).toContainText('This withdrawal was not found');
});

const SCREENS = {
  en: {
    wallet: 'My wallet',
    balance: 'Available balance',
    bank: 'Bank account',
    withdraw: 'Withdraw',
    pending: 'Pending',
    amount: 'Amount (RM)',
    submit: 'Submit',
    belowMinimum: 'The least you can withdraw is RM 10.00',
    chooseBank: 'Choose your bank',
    bankLabel: 'Bank',
    save: 'Save',
  },
  zh: {
    wallet: '我的钱包',
    balance: '可用余额',
    bank: '银行账户',
    withdraw: '提现',
    pending: '待处理',
    amount: '金额（RM）',
    submit: '提交',
    belowMinimum: '最低提现金额为 RM 10.00',
    chooseBank: '选择银行',
    bankLabel: '银行',
    save: '保存',
  },
  my: {
    wallet: 'Dompet saya',
    balance: 'Baki tersedia',
    bank: 'Akaun bank',
    withdraw: 'Keluarkan wang',
    pending: 'Belum',
    amount: 'Jumlah (RM)',
    submit: 'Hantar',
    belowMinimum: 'Jumlah pengeluaran minimum ialah RM 10.00',
    chooseBank: 'Pilih bank anda',
    bankLabel: 'Bank',
    save: 'Simpan',
  },
} as const;

test.describe('screens in three languages', () => {
  /** A verified account and a statement of every kind a withdrawal makes, one in review. */
  let reviewing: { phone: string; password: string };
  /** A verified account with money and nothing in the way of a withdrawal. */
  let ready: { phone: string; password: string };
  /** Nothing saved yet. */
  let fresh: { phone: string; password: string };

  test.beforeAll(async ({ browser, request }) => {
    reviewing = await registerMerchant(request);
    let page = await browser.newPage();
    await signIn(page, reviewing.phone, reviewing.password);
    await saveBank(page, 'Syarikat Perikanan Laut Dalam Kuala Selangor Sdn Bhd', '8001234567890');
    await verifyBank(request, reviewing.phone);
    await credit(request, reviewing.phone, 1_234_550);
    await reject(request, await withdrawByApi(page, 20_000), 'Transfer returned by the bank');
    await withdrawByApi(page, 12_050);
    await page.close();

    ready = await registerMerchant(request);
    page = await browser.newPage();
    await signIn(page, ready.phone, ready.password);
    await saveBank(page, 'Nelayan Jaya Enterprise', '1234-5678-9012');
    await verifyBank(request, ready.phone);
    await credit(request, ready.phone, 50_000);
    await page.close();

    fresh = await registerMerchant(request);
  });

  for (const [locale, text] of Object.entries(SCREENS)) {
    test(`wallet, withdrawal in review and bank account in ${locale}`, async ({
      page,
    }, testInfo) => {
      await signIn(page, reviewing.phone, reviewing.password);
      await useLocale(page, locale);
      await page.goto('/#/pages/profile/wallet');
      await page.reload();
      await expect(page.getByRole('heading', { name: text.wallet, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(text.pending) })).toBeVisible();
      await expect(page.getByRole('listitem')).toHaveCount(4);
      await snap(page, testInfo, `wallet-${locale}`);

      // The sheet while a withdrawal is in review.
      await page
        .getByRole('region', { name: text.balance })
        .getByRole('button', { name: text.withdraw, exact: true })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The sheet slides up; the picture is of where it stops.
      await untilStill(page);
      await snap(page, testInfo, `wallet-withdraw-pending-${locale}`, false);

      // The rejected withdrawal's details (the sheet above is not in the address: a reload
      // closes it).
      await page.reload();
      await page.getByRole('listitem').nth(2).getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await untilStill(page);
      await snap(page, testInfo, `wallet-withdrawal-${locale}`, false);

      await page.goto('/#/pages/profile/bank-account');
      await expect(page.getByRole('heading', { name: text.bank, level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox').first()).not.toHaveValue('');
      await snap(page, testInfo, `bank-account-${locale}`);
    });

    test(`withdraw sheet in ${locale}`, async ({ page }, testInfo) => {
      await signIn(page, ready.phone, ready.password);
      await useLocale(page, locale);
      await page.goto('/#/pages/profile/wallet');
      await page.reload();
      await page
        .getByRole('region', { name: text.balance })
        .getByRole('button', { name: text.withdraw, exact: true })
        .click();
      const form = page.getByRole('dialog');
      await expect(form.getByLabel(text.amount)).toBeEnabled();
      await untilStill(page);
      await snap(page, testInfo, `wallet-withdraw-${locale}`, false);
      await form.getByLabel(text.amount).fill('5');
      await form.getByRole('button', { name: text.submit }).click();
      await expect(form.getByRole('alert')).toHaveText(text.belowMinimum);
      await snap(page, testInfo, `wallet-withdraw-error-${locale}`, false);
    });

    test(`a new bank account in ${locale}`, async ({ page }, testInfo) => {
      await signIn(page, fresh.phone, fresh.password);
      await useLocale(page, locale);
      await page.goto('/#/pages/profile/bank-account');
      await page.reload();
      await expect(page.getByRole('heading', { name: text.bank, level: 1 })).toBeVisible();
      await page.getByLabel(text.bankLabel, { exact: true }).click();
      await expect(page.getByRole('dialog', { name: text.chooseBank })).toBeVisible();
      await untilStill(page);
      await snap(page, testInfo, `bank-picker-${locale}`, false);
      await page.getByRole('option').nth(2).click();
      await page.getByRole('textbox').nth(1).fill('12-34');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveCount(2);
      await snap(page, testInfo, `bank-account-errors-${locale}`);
    });
  }
});
