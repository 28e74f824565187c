import { expect, type Page, type TestInfo } from '@playwright/test';

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
