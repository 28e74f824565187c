import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';

/** Headers of the operator API, as the test server is configured. */
export const OPERATOR_HEADERS = { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` };

/** The seeded demo merchant: Verified, with boats "SLF 4521" and "SLF 3307". */
export const DEMO = { phone: '012-345 6789', password: 'Demo@1234' };

export async function signIn(page: Page, phone = DEMO.phone, password = DEMO.password) {
  await page.goto('/#/pages/login/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/$/);
}

/** The bottom tab bar (a navigation landmark), so a tab is not confused with a same-named link. */
export const tabBar = (page: Page) => page.getByRole('navigation');

export async function useLocale(page: Page, locale: string) {
  await page.addInitScript((value) => {
    localStorage.setItem('locale', JSON.stringify({ type: 'string', data: value }));
  }, locale);
}

export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A fresh Malaysian mobile, 017-xxx xxxx, in the form typed and in E.164. */
export function freshPhone() {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return {
    typed: `017-${digits.slice(0, 3)} ${digits.slice(3)}`,
    e164: `+6017${digits}`,
  };
}

/** The newest code the development SMS sender wrote for this phone, read as the operator. */
export async function latestCode(request: APIRequestContext, phone: string, purpose: string) {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get('/api/operator/sms-outbox', {
        params: { phone },
        headers: OPERATOR_HEADERS,
      });
      expect(response.ok()).toBe(true);
      const body = (await response.json()) as { items: { code: string; purpose: string }[] };
      code = body.items.find((item) => item.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A new merchant (Unverified, no boats) registered through the API; returns how to sign in. */
export async function registerMerchant(request: APIRequestContext) {
  const phone = freshPhone();
  const password = 'Fresh@2024';
  const sent = await request.post('/api/auth/sms-code', {
    data: { phone: phone.typed, purpose: 'register' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await latestCode(request, phone.e164, 'register');
  const registered = await request.post('/api/auth/register', {
    data: { phone: phone.typed, code, password, confirmPassword: password, agreePolicy: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { phone: phone.typed, password };
}
