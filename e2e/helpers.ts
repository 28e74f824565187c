import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';

/** Headers of the operator API, as the test server is configured. */
const OPERATOR_HEADERS = { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` };

/** The photo every test lot is published with. */
export const PHOTO = new URL('./fixtures/catch.jpg', import.meta.url);

/** How long a lot is live: advancing the clock by it ends every lot published before. */
export const FIFTEEN_MINUTES = 15 * 60_000;

/** A name no other test (or earlier run on the same server) uses. */
export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

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

/**
 * A screenshot for people to look at, of a page that is first checked to fit the phone: nothing
 * wider than the screen, no label cut off in a button, link, tab or tag (expectLayoutFits).
 */
export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await expectLayoutFits(page, name);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Fails when the page scrolls sideways (a row wider than the 390 px screen) or when the text of a
 * button, link, tab or tag is wider than its box (cut off without an ellipsis, or spilling over
 * its neighbours), as a longer Chinese or Malay label does. Names each offender by its text.
 */
export async function expectLayoutFits(page: Page, what = 'page') {
  // The emulated phone's width: a mobile browser zooms out over content wider than its screen,
  // and then reports that wider width as its own.
  const screen = page.viewportSize()?.width ?? 390;
  const faults = await page.evaluate((screen) => {
    const found: string[] = [];
    const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (wide > screen) found.push(`the page is ${wide} px wide on a ${screen} px screen`);
    // antd-mobile's Tag has no role: its class is the only handle on it.
    const labelled = Array.from(
      document.querySelectorAll<HTMLElement>('button, a, [role="button"], [role="tab"], .adm-tag'),
    );
    for (const box of labelled) {
      if (box.getClientRects().length === 0 || !box.textContent?.trim()) continue;
      // The box, and every block inside it that holds text itself (an inline span has no width
      // of its own; an icon's wrapper may let a badge hang over its corner, as designed).
      const holdsText = (node: HTMLElement) =>
        Array.from(node.childNodes).some(
          (c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim(),
        );
      const inner = Array.from(box.querySelectorAll<HTMLElement>('*')).filter(holdsText);
      for (const node of [box, ...inner]) {
        // 1 px or less: text kept for screen readers only, hidden from sight on purpose.
        if (node.clientWidth <= 1 || !node.textContent?.trim()) continue;
        // An ellipsis is a cut that the design chose and shows (the lot tabs' long names).
        if (getComputedStyle(node).textOverflow === 'ellipsis') continue;
        if (node.scrollWidth > node.clientWidth + 1) {
          found.push(
            `"${box.textContent.trim().slice(0, 40)}" needs ${node.scrollWidth} px in ${node.clientWidth} px`,
          );
          break;
        }
      }
    }
    return found;
  }, screen);
  expect(faults, `layout of ${what}`).toEqual([]);
}

/**
 * Waits until nothing moves: no inline style written (antd-mobile's sheets, masks and picker
 * wheels move by react-spring, which writes one each frame) and no finite CSS animation or
 * transition running, across two animation frames. For a picture of where a sheet stops, or a
 * wheel that must have rolled to the tapped item before Confirm reads it.
 */
export async function untilStill(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            let moved = false;
            const observer = new MutationObserver(() => {
              moved = true;
            });
            observer.observe(document.body, {
              subtree: true,
              attributes: true,
              attributeFilter: ['style'],
            });
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                observer.disconnect();
                const running = document
                  .getAnimations()
                  .some(
                    (a) =>
                      a.playState === 'running' &&
                      a.effect?.getComputedTiming().endTime !== Infinity,
                  );
                resolve(!moved && !running);
              }),
            );
          }),
      ),
    )
    .toBe(true);
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

/**
 * A new buyer (RM 0 in its wallet) registered through the buyer API, with its own session as the
 * buyer app would have; `phone` in E.164.
 */
export async function registerBuyer(request: APIRequestContext, baseURL: string) {
  const phone = freshPhone();
  const password = 'Fresh@2024';
  const context = await playwrightRequest.newContext({ baseURL });
  const sent = await context.post('/api/buyer/auth/sms-code', {
    data: { phone: phone.typed, purpose: 'register' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await latestCode(request, phone.e164, 'register');
  const registered = await context.post('/api/buyer/auth/register', {
    data: { phone: phone.typed, code, password, confirmPassword: password, agreePolicy: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { session: context, phone: phone.e164 };
}

/** A PUT to the operator API (the test server's token); fails the test unless it is 2xx. */
export async function operatorPut(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.put(`/api/operator${path}`, {
    headers: OPERATOR_HEADERS,
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A demo buyer's own API session (its cookie), as the buyer app would have; buyers 013-000 0001..3. */
export async function buyerSession(baseURL: string, phone: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/buyer/auth/login', {
    data: { phone, password: 'Demo@1234' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return context;
}

/**
 * Publishes an auction of kembung lots through the merchant API with the page's session: for
 * tests about what comes after the form.
 */
export async function publishAuction(
  page: Page,
  lots: { name: string; quantity: number; startPrice: number; buyoutPrice?: number }[],
): Promise<{ id: string; lotIds: string[] }> {
  const api = page.request;
  const upload = await api.post('/api/media', {
    multipart: {
      file: { name: 'catch.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const photo = (await upload.json()) as { id: string };
  const boats = (await (await api.get('/api/boats')).json()) as { items: { id: string }[] };
  const response = await api.post('/api/auctions', {
    data: {
      lots: lots.map((lot) => ({
        boatId: boats.items[0]!.id,
        harbor: 'Kuala Selangor',
        freshness: 'fresh',
        landedAt: new Date(Date.now() - 3_600_000).toISOString(),
        species: 'kembung',
        buyoutPrice: null,
        ...lot,
        photoIds: [photo.id],
      })),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string; lotIds: string[] };
}

/** A buyer's accepted bid on a lot (quantity in 0.1 kg, price in sen a kg). */
export async function bid(
  buyer: APIRequestContext,
  lotId: string,
  quantity: number,
  price: number,
) {
  const response = await buyer.post(`/api/buyer/lots/${lotId}/bids`, { data: { quantity, price } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A POST to the operator API (the test server's token); fails the test unless it is 2xx. */
export async function operator(
  request: APIRequestContext,
  path: string,
  data: unknown = {},
  headers: Record<string, string> = {},
) {
  const response = await request.post(`/api/operator${path}`, {
    headers: { ...OPERATOR_HEADERS, ...headers },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Moves the test server's clock (TEST_CLOCK) forward, as the operator. */
export async function advanceClock(request: APIRequestContext, ms: number) {
  await operator(request, '/test/clock', { advanceMs: ms });
}

/** A toast with `text` shows, then goes (so the next one of the same text is told apart). */
export async function toastSays(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden();
}

/**
 * Starts noting every toast the page shows, however briefly; the returned check passes once one
 * said `text`. Call it before the action: a 1.5 s toast can come and go between two polls of a
 * loaded machine's browser, while a MutationObserver in the page sees it when it is added.
 */
export async function toastWillSay(page: Page, text: string): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      document.querySelectorAll('.adm-toast-main').forEach(({ textContent }) => {
        if (textContent && !seen.includes(textContent)) seen.push(textContent);
      });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    expect
      .poll(() => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen))
      .toContain(text);
}

/** A row of a details list (dt/dd): the value beside `label`. */
export const fact = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** A raw-port (9100-style) printer stand-in on 127.0.0.1: every job's bytes once it is sent. */
export async function fakePrinter() {
  const jobs: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    jobs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A new lot of the signed-in merchant, won whole by a demo buyer once the test clock ends it, and
 * paid through the buyer API: its order id. By default 10 kg won by buyer 1 at RM 12.00/kg.
 */
export async function paidOrder(
  page: Page,
  baseURL: string,
  options: { name: string; buyer?: string; quantity?: number; price?: number },
): Promise<string> {
  const { name, buyer: phone = '013-000 0001', quantity = 100, price = 1200 } = options;
  const { lotIds } = await publishAuction(page, [
    { name: unique(name), quantity, startPrice: Math.min(price, 1000) },
  ]);
  const lotId = lotIds[0]!;
  const buyer = await buyerSession(baseURL, phone);
  await bid(buyer, lotId, quantity, price);
  await advanceClock(page.request, FIFTEEN_MINUTES);
  let orderId = '';
  await expect
    .poll(async () => {
      const lot = await (await page.request.get(`/api/lots/${lotId}`)).json();
      orderId = lot.award?.winners[0]?.orderId ?? '';
      return orderId;
    })
    .not.toBe('');
  const paid = await buyer.post(`/api/buyer/orders/${orderId}/pay`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await buyer.dispose();
  return orderId;
}

/**
 * A chunk whose fetch fails as if the network had dropped, until the answered function is called:
 * a lazy form's checks or a page's code, to see the failure and then the retry.
 */
export async function chunkFailsUntilRestored(page: Page, chunk: RegExp): Promise<() => void> {
  let failing = true;
  await page.route(chunk, (route) =>
    failing ? route.abort('internetdisconnected') : route.continue(),
  );
  return () => {
    failing = false;
  };
}
