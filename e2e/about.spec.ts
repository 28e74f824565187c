import { expect, type Page } from '@playwright/test';
import { registerMerchant, signIn, snap, tabBar, useLocale } from './helpers';
import { test } from './test';

/** Kuala Lumpur moments (UTC+8): 18 Nov 2026 is a Wednesday, 21 Nov a Saturday. */
const WEDNESDAY_10AM = new Date('2026-11-18T10:00:00+08:00');
const SATURDAY_NOON = new Date('2026-11-21T12:00:00+08:00');
const SUNDAY_NOON = new Date('2026-11-22T12:00:00+08:00');

const TEXT = {
  en: {
    profile: 'Profile',
    about: 'About',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    faq: 'FAQ',
    open: 'Open now',
    until: 'Until 18:00 today',
    closed: 'Closed now',
    opensMonday: 'Opens Monday at 9:00',
    feedback: 'Send feedback',
    topic: 'Topic',
    problem: 'Problem',
    message: 'Your message',
    contact: 'Contact (optional)',
    submit: 'Submit',
    submitted: 'Submitted',
    chooseTopic: 'Choose what your feedback is about',
    messageRequired: 'Write your message',
    tooShort: 'Write at least 10 characters',
    badContact: 'Enter a Malaysian mobile number or an e-mail address',
    report: 'The lot countdown froze after I switched apps.',
    check: 'Check for updates',
    upToDate: 'You are up to date',
    newVersion: 'New version available',
    reload: 'Reload',
    later: 'Later',
    question: 'How long does a buyer have to pay?',
    answer: /24 hours from the end of the lot/,
    termsFacts: [/15 minutes/, /pay-as-bid/, /5 %/, /RM 10\.00/, /next day/],
  },
  zh: {
    profile: '我的',
    about: '关于我们',
    terms: '服务条款',
    privacy: '隐私政策',
    faq: '常见问题',
    open: '服务中',
    until: '今天 18:00 结束服务',
    closed: '休息中',
    opensMonday: '星期一 9:00 开始服务',
    feedback: '意见反馈',
    topic: '反馈类型',
    problem: '问题故障',
    message: '留言内容',
    contact: '联系方式（选填）',
    submit: '提交',
    submitted: '已提交',
    chooseTopic: '请选择反馈类型',
    messageRequired: '请填写留言内容',
    tooShort: '请至少填写 10 个字符',
    badContact: '请输入马来西亚手机号码或电子邮件地址',
    report: '切换应用后，拍品倒计时停止了走动。',
    check: '检查更新',
    upToDate: '已是最新版本',
    newVersion: '发现新版本',
    reload: '重新加载',
    later: '稍后',
    question: '买家有多长时间付款？',
    answer: /批次结束后 24 小时内/,
    termsFacts: [/15 分钟/, /按出价支付/, /5 %/, /RM 10\.00/, /次日/],
  },
  my: {
    profile: 'Profil',
    about: 'Tentang Kami',
    terms: 'Terma Perkhidmatan',
    privacy: 'Dasar Privasi',
    faq: 'Soalan Lazim',
    open: 'Dibuka sekarang',
    until: 'Hingga 18:00 hari ini',
    closed: 'Ditutup sekarang',
    opensMonday: 'Dibuka hari Isnin pada 9:00',
    feedback: 'Hantar maklum balas',
    topic: 'Topik',
    problem: 'Masalah',
    message: 'Mesej anda',
    contact: 'Hubungan (pilihan)',
    submit: 'Hantar',
    submitted: 'Dihantar',
    chooseTopic: 'Pilih topik maklum balas anda',
    messageRequired: 'Tulis mesej anda',
    tooShort: 'Tulis sekurang-kurangnya 10 aksara',
    badContact: 'Masukkan nombor telefon bimbit Malaysia atau alamat e-mel',
    report: 'Kiraan detik lot terhenti selepas saya bertukar aplikasi.',
    check: 'Semak kemas kini',
    upToDate: 'Aplikasi anda sudah terkini',
    newVersion: 'Versi baharu tersedia',
    reload: 'Muat semula',
    later: 'Nanti',
    question: 'Berapa lama pembeli diberi untuk membayar?',
    answer: /24 jam dari tamatnya lot/,
    termsFacts: [/15 minit/, /bayar-ikut-bidaan/, /5 %/, /RM 10\.00/, /hari berikutnya/],
  },
} as const;
type Text = (typeof TEXT)[keyof typeof TEXT];

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const sheet = (page: Page, text: Text) => page.getByRole('dialog', { name: text.feedback });

/** About, reached as a merchant does: Profile, then About. */
async function openAbout(page: Page, text: Text) {
  await tabBar(page).getByText(text.profile, { exact: true }).click();
  await page.getByText(text.about, { exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/about\/about$/);
  await expect(heading(page, text.about)).toBeVisible();
}

/** Signs a merchant in (the sign-in form in English), then shows the app in `locale`. */
async function signInIn(
  page: Page,
  locale: keyof typeof TEXT,
  merchant?: { phone: string; password: string },
) {
  await signIn(page, merchant?.phone, merchant?.password);
  await useLocale(page, locale);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute(
    'lang',
    { en: 'en', zh: 'zh-CN', my: 'ms' }[locale],
  );
}

test('About: the app, its documents and support that is open on a weekday at 10:00', async ({
  page,
}) => {
  await page.clock.install({ time: WEDNESDAY_10AM });
  await signIn(page);
  const text = TEXT.en;
  await openAbout(page, text);

  await expect(page.getByRole('heading', { name: 'Seafood Merchant' })).toBeVisible();
  await expect(page.getByText(/^Version 1\.0\.0 \(100\) · [0-9a-f]{7}$/)).toBeVisible();

  const card = page.getByRole('region', { name: 'Support' });
  await expect(card.getByText(text.open, { exact: true })).toBeVisible();
  await expect(card).toContainText('Mon–Fri, 9:00–18:00 (Malaysia time)');
  await expect(card).toContainText(text.until);
  const channels = card.getByRole('list', { name: 'Ways to reach support' });
  await expect(channels.getByRole('link', { name: /Call/ })).toHaveAttribute(
    'href',
    'tel:+60327278800',
  );
  await expect(channels.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/60127278800',
  );
  await expect(channels.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
    'href',
    'mailto:support@seafoodmerchant.com.my',
  );

  // The documents open from the About list and come back to it.
  await page.getByText(text.terms, { exact: true }).click();
  await expect(heading(page, text.terms)).toBeVisible();
  for (const fact of text.termsFacts) await expect(page.getByRole('article')).toContainText(fact);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByText(text.privacy, { exact: true }).click();
  await expect(heading(page, text.privacy)).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Personal Data Protection Act 2010');
  await expect(page.getByRole('article')).toContainText(/feedback/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  await page.getByText(text.faq, { exact: true }).click();
  await expect(heading(page, text.faq)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wallet and withdrawals' })).toBeVisible();
  const answer = page.getByText(text.answer);
  await expect(answer).toBeHidden();
  await page.getByText(text.question).click();
  await expect(answer).toBeVisible();
  await page.getByText(text.question).click();
  await expect(answer).toBeHidden();
});

test('support is closed on a Sunday and says when it opens', async ({ page }) => {
  await page.clock.install({ time: SUNDAY_NOON });
  await signIn(page);
  await openAbout(page, TEXT.en);
  const card = page.getByRole('region', { name: 'Support' });
  await expect(card.getByText(TEXT.en.closed, { exact: true })).toBeVisible();
  await expect(card).toContainText('Opens tomorrow at 9:00');
  await expect(card).toContainText('we answer on the next working day');

  // Friday from 18:00, it opens again on Monday.
  await page.clock.setSystemTime(new Date('2026-11-20T18:00:00+08:00'));
  await expect(card).toContainText(TEXT.en.opensMonday);
  // Before 9:00 on a weekday, it opens later that day.
  await page.clock.setSystemTime(new Date('2026-11-23T08:59:00+08:00'));
  await expect(card).toContainText('Opens today at 9:00');

  // The clock moves on to Monday 9:00: the card opens by itself.
  await page.clock.setSystemTime(new Date('2026-11-23T09:00:00+08:00'));
  await expect(card.getByText(TEXT.en.open, { exact: true })).toBeVisible();
});

test('feedback: every field says what is wrong, then it is stored and Submitted', async ({
  page,
  request,
}) => {
  // A merchant of its own: feedback is limited to 5 an hour per merchant.
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  const text = TEXT.en;
  await openAbout(page, text);

  await page.getByText(text.feedback, { exact: true }).click();
  const form = sheet(page, text);
  await expect(form.getByRole('heading', { name: text.feedback })).toBeVisible();
  await form.getByRole('button', { name: text.submit }).click();
  await expect(form.getByRole('alert')).toHaveText([text.chooseTopic, text.messageRequired]);

  await form.getByText(text.problem, { exact: true }).click();
  await form.getByLabel(text.message).fill('Too short');
  await form.getByLabel(text.contact).fill('call me');
  await form.getByRole('button', { name: text.submit }).click();
  await expect(form.getByRole('alert')).toHaveText([text.tooShort, text.badContact]);

  // Fixing a field clears its message.
  await form.getByLabel(text.message).fill(text.report);
  await expect(form.getByRole('alert')).toHaveText([text.badContact]);
  await form.getByLabel(text.contact).fill('012-987 6543');
  await form.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(text.submitted, { exact: true })).toBeVisible();
  await expect(form).toBeHidden();

  // Stored with the merchant, the app's build and language; shown under the form next time.
  const stored = await (await page.request.get('/api/feedback')).json();
  expect(stored.items).toEqual([
    expect.objectContaining({
      category: 'bug',
      message: text.report,
      contact: '+60129876543',
      locale: 'en',
      appVersion: expect.stringMatching(/^1\.0\.0 \(100\) · [0-9a-f]{7}$/),
    }),
  ]);
  await page.getByText(text.feedback, { exact: true }).click();
  await expect(sheet(page, text).getByRole('region', { name: 'Sent earlier' })).toContainText(
    text.report,
  );
});

test.describe('with the service worker', () => {
  // Reloading into a new build first lets the new service worker cache it.
  test.use({ serviceWorkers: 'allow' });

  test('check for updates: up to date, or a newer build offered and reloaded into', async ({
    page,
  }) => {
    await signIn(page);
    const text = TEXT.en;
    await openAbout(page, text);

    // The server serves the build this page runs.
    await page.getByText(text.check, { exact: true }).click();
    await expect(page.getByText(text.upToDate, { exact: true })).toBeVisible();

    // The server now has another build: the app offers to reload into it.
    await page.route('**/api/version', (route) =>
      route.fulfill({ json: { version: '1.0.0', code: 100, build: 'ffffffffffffffff' } }),
    );
    await page.getByText(text.check, { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: text.newVersion });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: text.later }).click();
    await expect(dialog).toBeHidden();
    await expect(heading(page, text.about)).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    await page.getByText(text.check, { exact: true }).click();
    await expect(dialog).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: text.reload }).click();
    await reloaded;
    await expect(heading(page, text.about)).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
  });
});

for (const locale of ['en', 'zh', 'my'] as const) {
  test(`screenshots of About, documents, FAQ, feedback and updates in ${locale}`, async ({
    page,
    request,
  }, testInfo) => {
    const text = TEXT[locale];
    const merchant = await registerMerchant(request);
    await page.clock.install({ time: WEDNESDAY_10AM });
    await signInIn(page, locale, merchant);
    await openAbout(page, text);
    await expect(page.getByText(text.open, { exact: true })).toBeVisible();
    await expect(page.getByText(text.until)).toBeVisible();
    await snap(page, testInfo, `about-${locale}`);

    await page.getByText(text.terms, { exact: true }).click();
    await expect(heading(page, text.terms)).toBeVisible();
    for (const fact of text.termsFacts) await expect(page.getByRole('article')).toContainText(fact);
    await snap(page, testInfo, `terms-${locale}`, false);
    await page.goBack();

    await page.getByText(text.faq, { exact: true }).click();
    await expect(heading(page, text.faq)).toBeVisible();
    await page.getByText(text.question).click();
    await expect(page.getByText(text.answer)).toBeVisible();
    await snap(page, testInfo, `faq-${locale}`);
    await page.goBack();

    await page.getByText(text.feedback, { exact: true }).click();
    const form = sheet(page, text);
    await form.getByRole('button', { name: text.submit }).click();
    await expect(form.getByRole('alert')).toHaveText([text.chooseTopic, text.messageRequired]);
    await form.getByLabel(text.contact).fill('12345');
    await form.getByRole('button', { name: text.submit }).click();
    await expect(form.getByRole('alert')).toHaveText([
      text.chooseTopic,
      text.messageRequired,
      text.badContact,
    ]);
    await snap(page, testInfo, `feedback-errors-${locale}`, false);
    await form.getByText(text.problem, { exact: true }).click();
    await form.getByLabel(text.message).fill(text.report);
    await form.getByLabel(text.contact).fill('');
    await form.getByRole('button', { name: text.submit }).click();
    await expect(page.getByText(text.submitted, { exact: true })).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByText(text.check, { exact: true }).click();
    await expect(page.getByText(text.upToDate, { exact: true })).toBeVisible();
    await expect(page.getByText(text.upToDate, { exact: true })).toBeHidden();
    await page.route('**/api/version', (route) =>
      route.fulfill({ json: { version: '1.0.0', code: 100, build: 'ffffffffffffffff' } }),
    );
    await page.getByText(text.check, { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: text.newVersion });
    // Shown once it has faded in and takes taps.
    await dialog.getByRole('button', { name: text.reload }).click({ trial: true });
    await snap(page, testInfo, `update-offer-${locale}`, false);
    await dialog.getByRole('button', { name: text.later }).click();

    await page.clock.setSystemTime(SATURDAY_NOON);
    await expect(page.getByText(text.closed, { exact: true })).toBeVisible();
    await expect(page.getByText(text.opensMonday)).toBeVisible();
    await snap(page, testInfo, `about-closed-${locale}`);
  });
}
