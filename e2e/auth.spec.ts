import { expect } from '@playwright/test';
import { DEMO, freshPhone, latestCode, signIn, snap, tabBar, useLocale } from './helpers';
import { test } from './test';
const LOCALES = {
  en: {
    lang: 'en',
    phone: 'Phone number',
    password: 'Password',
    login: 'Login',
    back: 'Back',
    terms: 'Terms of Service',
    termsSection: '3. Auctions are binding',
  },
  zh: {
    lang: 'zh-CN',
    phone: '手机号码',
    password: '密码',
    login: '登录',
    back: '返回',
    terms: '服务条款',
    termsSection: '3. 拍卖具有约束力',
  },
  my: {
    lang: 'ms',
    phone: 'Nombor telefon',
    password: 'Kata laluan',
    login: 'Log Masuk',
    back: 'Kembali',
    terms: 'Terma Perkhidmatan',
    termsSection: '3. Lelongan adalah mengikat',
  },
} as const;

test('registers a new merchant with an SMS code, logs out and logs back in', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  const password = 'Fresh@2024';

  await page.goto('/#/pages/login/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();

  await page.getByLabel('Phone number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Code sent')).toBeVisible();
  // The 60 s countdown replaces the button's label.
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();

  const code = await latestCode(request, phone.e164, 'register');
  await page.getByLabel('Verification code').fill(code);
  // One of the most common passwords is refused on its field, the code kept for the next try.
  await page.getByLabel('Password', { exact: true }).fill('12345678');
  await page.getByLabel('Confirm password').fill('12345678');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('This password is one of the most common', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: `Hello, ${phone.typed}` })).toBeVisible();
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
  await expect(page.getByText(/Publishing auctions needs a verified business/)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('merchantInfo'));
  expect(JSON.parse(stored ?? 'null')).toMatchObject({
    type: 'object',
    data: { phone: phone.e164, businessStatus: 'unverified' },
  });

  await tabBar(page).getByText('Profile', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // Signing out is no lost session: no 'Please login again'.
  await expect(page.getByRole('note')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('merchantInfo'))).toBeNull();

  await signIn(page, phone.typed, password);
  await expect(page.getByRole('heading', { name: `Hello, ${phone.typed}` })).toBeVisible();
});

test('shows the coded validation messages before calling the API', async ({ page }) => {
  await page.goto('/#/pages/login/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();

  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('Password').fill('whatever1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid phone format')).toBeVisible();

  await page.getByLabel('Phone number').fill(DEMO.phone);
  await page.getByLabel('Password').fill('Wrong@1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Wrong phone number or password')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
});

test('a signed-out visit to a protected page lands on login', async ({ page }) => {
  await page.goto('/#/pages/orders/orders');
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // Of the about area only the terms and the privacy policy are public.
  await page.goto('/#/pages/about/about');
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await page.goto('/#/pages/about/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Your rights under the PDPA/ })).toBeVisible();
});

for (const [locale, text] of Object.entries(LOCALES)) {
  test(`the register form's Terms link opens the terms without sign-in in ${locale}`, async ({
    page,
  }) => {
    const phone = freshPhone();
    await useLocale(page, locale);
    await page.goto('/#/pages/login/login?mode=register');
    await page.getByLabel(text.phone, { exact: true }).fill(phone.typed);
    await page.getByLabel(text.password, { exact: true }).fill('Fresh@2024');

    await page.getByRole('link', { name: text.terms }).click();
    await expect(page).toHaveURL(/#\/pages\/about\/terms/);
    await expect(page.getByRole('heading', { name: text.terms, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.termsSection })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('merchantInfo'))).toBeNull();

    // Coming back keeps the phone typed before, never the password.
    await page.getByRole('button', { name: text.back, exact: true }).click();
    await expect(page).toHaveURL(/mode=register/);
    await expect(page.getByLabel(text.phone, { exact: true })).toHaveValue(phone.typed);
    await expect(page.getByLabel(text.password, { exact: true })).toHaveValue('');
  });
}

test('losing the session on the server sends the merchant to login', async ({ page, context }) => {
  const notice = page.getByRole('note');
  const loginButton = page.getByRole('button', { name: 'Login' });
  const loseSession = async () => {
    await signIn(page);
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/#\/pages\/login\/login/);
    await expect(notice).toHaveText('Please login again');
  };

  // A lasting notice, not a toast: still there after another reload.
  await loseSession();
  await page.reload();
  await expect(loginButton).toBeVisible();
  await expect(notice).toHaveText('Please login again');

  // Going on to register ends it.
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(loginButton).toBeVisible();
  await expect(notice).toHaveCount(0);

  // So does signing in again: a later sign-out without a lost session shows none.
  await loseSession();
  await signIn(page);
  await page.evaluate(() => localStorage.removeItem('merchantInfo'));
  await page.reload();
  await expect(loginButton).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('Malay on Profile relabels the tabs and survives a reload', async ({ page }) => {
  await signIn(page);
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await page.getByText('Language').click();
  await page.getByRole('option', { name: 'Bahasa Melayu' }).click();

  for (const label of ['Laman Utama', 'Pesanan', 'Profil']) {
    await expect(tabBar(page).getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(page).toHaveTitle('Peniaga Makanan Laut');

  await page.reload();
  for (const label of ['Laman Utama', 'Pesanan', 'Profil']) {
    await expect(tabBar(page).getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
});

test('the header back button goes to the root on a first page, else back', async ({
  page,
  context,
}) => {
  await signIn(page);

  // A deep link opened in a new tab is the first page of its session: back goes to the root.
  const deep = await context.newPage();
  await deep.goto('/#/pages/profile/wallet');
  await expect(deep.getByRole('heading', { name: 'My wallet' })).toBeVisible();
  await expect(deep.getByText('Available balance')).toBeVisible();
  await deep.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(deep).toHaveURL(/#\/$/);
  await expect(deep.getByRole('heading', { name: 'Seafood Merchant' })).toBeVisible();
  // Home is the entry page: no back button.
  await expect(deep.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);

  // Within the app, back returns to the previous page.
  await tabBar(deep).getByText('Profile', { exact: true }).click();
  await deep.getByText('My wallet').click();
  await expect(deep).toHaveURL(/#\/pages\/profile\/wallet/);
  await deep.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(deep).toHaveURL(/#\/pages\/profile\/profile/);
  await expect(deep.getByRole('heading', { name: 'Profile' })).toBeVisible();
  // Profile is a tab root, as Home and Orders are: the tab bar leads away, not a back arrow.
  await expect(deep.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);

  // Tapping the active tab does nothing.
  await tabBar(deep).getByText('Profile', { exact: true }).click();
  await expect(deep).toHaveURL(/#\/pages\/profile\/profile/);
});

const CRASHED = {
  en: { title: 'Something went wrong on this page', retry: 'Retry', page: 'Store profile' },
  zh: { title: '此页面出错了', retry: '重试', page: '店铺资料' },
  my: { title: 'Berlaku masalah pada halaman ini', retry: 'Cuba lagi', page: 'Profil kedai' },
} as const;

for (const [locale, text] of Object.entries(CRASHED)) {
  test(`a page that fails to draw says so in its frame, and Retry draws it (${locale})`, async ({
    page,
  }, testInfo) => {
    await signIn(page);
    await useLocale(page, locale);
    // An answer the page cannot draw (a server of another version, say): the store without its
    // fields.
    await page.route('**/api/store', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/#/pages/profile/store');
    // Loaded afresh, in the language set.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText(text.title);
    // The frame still stands: its title and its way back.
    await expect(page.getByRole('heading', { level: 1, name: text.page })).toBeVisible();
    await snap(page, testInfo, `page-failed-${locale}`);

    await page.unroute('**/api/store');
    await page.getByRole('button', { name: text.retry }).click();
    // Drawn again, it asks for its data again, and shows it.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Kuala Selangor Fresh Catch').first()).toBeVisible();
  });
}

for (const [locale, text] of Object.entries(LOCALES)) {
  test(`screenshots of login, register and profile in ${locale}`, async ({ page }, testInfo) => {
    await useLocale(page, locale);
    await page.goto('/#/pages/login/login');
    await expect(page.locator('html')).toHaveAttribute('lang', text.lang);
    await expect(page.getByRole('button', { name: text.login })).toBeVisible();
    await snap(page, testInfo, `login-${locale}`);

    await page.goto('/#/pages/login/login?mode=register');
    await expect(page.getByRole('checkbox')).toBeAttached();
    await snap(page, testInfo, `register-${locale}`);

    await page.goto('/#/pages/login/login');
    await page.getByLabel(text.phone, { exact: true }).fill(DEMO.phone);
    await page.getByLabel(text.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: text.login }).click();
    await expect(page).toHaveURL(/#\/$/);
    await page.goto('/#/pages/profile/profile');
    await expect(page.getByText('1.0.0')).toBeVisible();
    await snap(page, testInfo, `profile-${locale}`);
  });
}
