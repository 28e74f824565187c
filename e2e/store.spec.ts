import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  operator,
  PHOTO,
  registerMerchant,
  signIn,
  snap,
  tabBar,
  useLocale,
  chunkFailsUntilRestored,
} from './helpers';
import { test } from './test';

const SSM_PDF = fileURLToPath(new URL('./fixtures/ssm.pdf', import.meta.url));
const PHOTO_FILE = fileURLToPath(PHOTO);
/** Where the device says it is: the jetty at Kuala Selangor. */
const JETTY = { latitude: 3.3412, longitude: 101.2499 };

/** One grey tile, instead of the tile server: the tests have no internet. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAMAAABrrFhUAAAAA1BMVEXP4+94b7NhAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAVElEQVR42u3BAQEAAACAkP6v7ggKAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGAEPAAEccgnDAAAAAElFTkSuQmCC',
  'base64',
);

test.use({ geolocation: JETTY, permissions: ['geolocation'] });

/** Map tiles come from the configured server (OpenStreetMap's by default), answered here. */
async function serveTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
}

const statusTag = (scope: Page | Locator, name: string) =>
  scope.locator('.adm-tag').filter({ hasText: new RegExp(`^${name}$`) });
/**
 * A toast with `text` shows. Not waited out (as toastSays does): each one here is followed by a
 * check of what it announced, and antd-mobile shows one toast at a time.
 */
const toastShows = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible();

/** A file chosen as a merchant does: the button opens the chooser. */
async function chooseFile(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

const verification = (page: Page) => page.getByRole('region', { name: 'Business verification' });

test('a new merchant sets up the store, is rejected, then verified, and it shows everywhere', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const merchant = await registerMerchant(request);
  const ref = encodeURIComponent(merchant.phone);
  await serveTiles(page);
  await signIn(page, merchant.phone, merchant.password);

  // Home asks for the SSM document and leads to the store.
  await expect(statusTag(page, 'Unverified')).toBeVisible();
  await snap(page, testInfo, 'home-unverified-en', false);
  await page.getByRole('link', { name: 'Upload SSM document' }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/store$/);
  await expect(page.getByRole('heading', { name: 'Your store is not set up yet' })).toBeVisible();
  await snap(page, testInfo, 'store-empty-en');

  // Basic info: every mistake is told at its field, and nothing typed is lost.
  await page.getByRole('button', { name: 'Basic info', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/basic-info$/);
  await page.getByLabel('Address').fill('Jeti Nelayan, 45000 Kuala Selangor, Selangor');
  await page.getByLabel('Latitude').fill('95');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'Enter the business name',
    'Latitude must be from -90 to 90',
    'Give both latitude and longitude, or neither',
  ]);
  await expect(page.getByLabel('Address')).toHaveValue(
    'Jeti Nelayan, 45000 Kuala Selangor, Selangor',
  );
  await page.getByLabel('Business name').fill('Ikan Segar Jeti');

  // A tap on the map picks the place; the device's location replaces it.
  await page.getByLabel('Latitude').fill('');
  const map = page.getByRole('application', { name: /Map: tap to set/ });
  await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
  await map.click({ position: { x: 120, y: 100 } });
  await expect(page.getByLabel('Latitude')).toHaveValue(/^3\.\d+$/);
  await expect(page.getByLabel('Longitude')).toHaveValue(/^101\.\d+$/);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('3.3412');
  await expect(page.getByLabel('Longitude')).toHaveValue('101.2499');
  await expect(page.getByRole('link', { name: 'Open in Waze' })).toHaveAttribute(
    'href',
    'https://waze.com/ul?ll=3.3412,101.2499&navigate=yes',
  );
  await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=3.3412,101.2499',
  );

  // The logo is cropped square before it is uploaded.
  await page.getByLabel('Add logo').setInputFiles(PHOTO_FILE);
  const cropper = page.getByRole('dialog', { name: 'Crop your logo' });
  await expect(cropper).toBeVisible();
  await cropper.getByRole('button', { name: 'Zoom in' }).click();
  const area = cropper.getByRole('img', { name: /Crop area/ });
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await cropper.getByRole('button', { name: 'Use this' }).click();
  const logo = page.getByRole('img', { name: 'Logo', exact: true });
  await expect(logo).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  // Square, as cropped (the photo is small: never enlarged).
  await expect
    .poll(() =>
      logo.evaluate(
        (img: HTMLImageElement) => img.naturalWidth > 0 && img.naturalWidth === img.naturalHeight,
      ),
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toastShows(page, 'Saved successfully');

  // The SSM document: Pending review, downloadable.
  await chooseFile(page, 'Upload SSM document', SSM_PDF);
  await toastShows(page, 'Submitted waiting for review');
  await expect(statusTag(verification(page), 'Pending review')).toBeVisible();
  await expect(page.getByText('ssm.pdf', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('ssm.pdf');

  // The operator rejects it with a reason: the store says why, live.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ikan Segar Jeti' })).toBeVisible();
  await operator(request, `/merchants/${ref}/business/reject`, {
    reason: 'The registration number is unreadable',
  });
  await expect(
    page.getByText('Rejected: The registration number is unreadable. Upload a corrected document.'),
  ).toBeVisible();
  await chooseFile(page, 'Replace document', SSM_PDF);
  await toastShows(page, 'Submitted waiting for review');
  await expect(statusTag(verification(page), 'Pending review')).toBeVisible();

  // Description and announcements, shown in the notice bar.
  await page.getByText('Description and announcements', { exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Description and announcements' });
  await editor.getByLabel('Description').fill('Fresh catch from our own boats every morning.');
  await editor.getByLabel('Announcement 1', { exact: true }).fill('Closed on Hari Raya');
  await editor.getByRole('button', { name: 'Add announcement' }).click();
  await editor.getByLabel('Announcement 2', { exact: true }).fill('Prawns landed at 6 am');
  await editor.getByRole('button', { name: 'Save' }).click();
  await toastShows(page, 'Saved successfully');
  const notice = page.getByRole('note', { name: 'Announcements' });
  await expect(notice).toContainText('Closed on Hari Raya');
  await expect(notice).toContainText('Prawns landed at 6 am');
  await expect(page.getByText('Fresh catch from our own boats every morning.')).toBeVisible();

  // The carousel: two photos, then the second moved first.
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'catch.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) },
    { name: 'stall.png', mimeType: 'image/png', buffer: TILE },
  ]);
  const thumbs = page.getByRole('list', { name: 'Carousel' });
  await expect(thumbs.getByRole('img')).toHaveCount(2);
  const first = await thumbs.getByRole('img', { name: 'Carousel photo 1' }).getAttribute('src');
  const second = await thumbs.getByRole('img', { name: 'Carousel photo 2' }).getAttribute('src');
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(thumbs.getByRole('img', { name: 'Carousel photo 1' })).toHaveAttribute(
    'src',
    second!,
  );
  await expect(thumbs.getByRole('img', { name: 'Carousel photo 2' })).toHaveAttribute(
    'src',
    first!,
  );

  // The carousel swipes with a finger: left shows the next photo; from the last it loops round.
  const carousel = page.locator('.adm-swiper');
  await carousel.scrollIntoViewIfNeeded();
  const dots = carousel.locator('.adm-page-indicator-dot');
  await expect(dots).toHaveCount(2);
  const frame = await carousel.boundingBox();
  if (!frame) throw new Error('no carousel');
  const cdp = await page.context().newCDPSession(page);
  const swipeLeft = async () => {
    const y = frame.y + frame.height / 2;
    const at = (i: number) => [
      { x: frame.x + frame.width - 20 - ((frame.width - 60) * i) / 10, y },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let i = 1; i <= 10; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  /** Where the slide now shown sits, once it has settled: in the carousel's frame. */
  const settled = async () =>
    expect
      .poll(async () => (await carousel.locator('.adm-swiper-slide-active').boundingBox())?.x)
      .toBeCloseTo(frame.x, 0);
  await swipeLeft();
  await expect(dots.nth(1)).toHaveClass(/adm-page-indicator-dot-active/);
  await settled();
  await swipeLeft();
  await expect(dots.nth(0)).toHaveClass(/adm-page-indicator-dot-active/);
  await settled();

  // Loaded afresh, the order holds; a failed load says so, and Retry loads it.
  let fail = true;
  await page.route('**/api/store', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"INTERNAL","message":"Failed"}',
        })
      : route.continue(),
  );
  await page.reload();
  await expect(page.getByText('Could not load your store')).toBeVisible();
  await snap(page, testInfo, 'store-error-en');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(thumbs.getByRole('img', { name: 'Carousel photo 1' })).toHaveAttribute(
    'src',
    second!,
  );
  await page.unroute('**/api/store');

  // Verified by the operator: the store, Home and Profile say so; nothing more to upload.
  await operator(request, `/merchants/${ref}/business/verify`);
  await expect(statusTag(verification(page), 'Verified')).toBeVisible();
  await expect(
    page.getByText('Your business is verified. You can publish auctions.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace document' })).toBeHidden();
  await snap(page, testInfo, 'store-en');

  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Hello, Ikan Segar Jeti' })).toBeVisible();
  await expect(statusTag(page, 'Verified')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Announcements' })).toContainText(
    'Closed on Hari Raya',
  );
  await expect(page.getByRole('link', { name: 'Upload SSM document' })).toBeHidden();
  await snap(page, testInfo, 'home-verified-en', false);
  await tabBar(page).getByText('Profile', { exact: true }).click();
  await expect(statusTag(page, 'Verified').first()).toBeVisible();

  // The same pages in Chinese and Malay: long labels must wrap, not overflow.
  for (const locale of ['zh', 'my'] as const) {
    await useLocale(page, locale);
    await page.goto('/#/pages/profile/store');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'ms');
    await expect(page.getByRole('heading', { name: 'Ikan Segar Jeti' })).toBeVisible();
    await snap(page, testInfo, `store-${locale}`);
    await page.goto('/#/pages/profile/basic-info');
    await expect(page.locator('img.leaflet-tile').first()).toBeVisible();
    await snap(page, testInfo, `basic-info-${locale}`);
  }
  await useLocale(page, 'en');
  await page.reload();
  await expect(page.locator('img.leaflet-tile').first()).toBeVisible();
  await snap(page, testInfo, 'basic-info-en');
});

test('a map whose tiles do not load says so, and its zoom buttons speak the app’s language', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await signIn(page);
  await useLocale(page, 'zh');
  await page.goto('/#/pages/profile/basic-info');
  await page.reload();
  const map = page.getByRole('application', { name: /地图/ });
  await expect(map).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '地图无法加载' })).toBeVisible();
  await expect(map.getByRole('button', { name: '放大' })).toBeVisible();
  await expect(map.getByRole('button', { name: '缩小' })).toBeVisible();
});

test('the description editor says so when its checks do not load; a second Save saves', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  // The editor opens once the store has its name.
  const named = await page.request.put('/api/store/basic-info', {
    data: { name: 'Ikan Segar Jeti' },
  });
  expect(named.ok(), await named.text()).toBe(true);
  // The editor's checks (the contract's schema, zod), which it loads when it is first focused.
  const restoreChunk = await chunkFailsUntilRestored(page, /\/assets\/storeChecks-[\w-]+\.js$/);
  await page.goto('/#/pages/profile/store');
  await page.getByText('Description and announcements', { exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Description and announcements' });
  const description = editor.getByLabel('Description');
  await description.fill('Landed at dawn, iced at once.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await toastShows(page, 'Failed');
  // The sheet stays open with what was typed.
  await expect(description).toHaveValue('Landed at dawn, iced at once.');

  restoreChunk();
  await editor.getByRole('button', { name: 'Save' }).click();
  await toastShows(page, 'Saved successfully');
  await expect(editor).toBeHidden();
  await expect(page.getByText('Landed at dawn, iced at once.')).toBeVisible();
});

test('basic info says so when its checks do not load; a second Save checks, then saves', async ({
  page,
  request,
}) => {
  const merchant = await registerMerchant(request);
  await signIn(page, merchant.phone, merchant.password);
  // The form's checks (the contract's schema, zod), which it loads when it is first focused.
  const restoreChunk = await chunkFailsUntilRestored(page, /\/assets\/storeChecks-[\w-]+\.js$/);
  await page.goto('/#/pages/profile/basic-info');
  const address = page.getByLabel('Address');
  await address.fill('Jeti Nelayan, 45000 Kuala Selangor, Selangor');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await toastShows(page, 'Failed');
  // Nothing was judged, and what was typed stays.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(address).toHaveValue('Jeti Nelayan, 45000 Kuala Selangor, Selangor');

  // A second press loads them: the name is asked for at its field, as it always was.
  restoreChunk();
  await save.click();
  await expect(page.getByRole('alert')).toHaveText(['Enter the business name']);
  await page.getByLabel('Business name').fill('Ikan Segar Jeti');
  await save.click();
  await toastShows(page, 'Saved successfully');
  await page.goto('/#/pages/profile/store');
  await expect(page.getByRole('heading', { name: 'Ikan Segar Jeti' })).toBeVisible();
});

/** Leaflet's chunk (LocationMap.tsx), by its file name in the build. */
const LEAFLET_CHUNK = /\/assets\/LocationMap-[\w-]+\.js$/;

/** Watches the page ask for Leaflet's chunk; answers the requests seen so far. */
function leafletRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (LEAFLET_CHUNK.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** Types a location into the fields, both cleared first, so no half-typed place moves the map. */
async function typeLocation(page: Page, latitude: string, longitude: string) {
  await page.getByLabel('Latitude').fill('');
  await page.getByLabel('Longitude').fill('');
  await page.getByLabel('Latitude').fill(latitude);
  await page.getByLabel('Longitude').fill(longitude);
}

const picked = async (page: Page) => [
  Number(await page.getByLabel('Latitude').inputValue()),
  Number(await page.getByLabel('Longitude').inputValue()),
];

/** Leaflet has taken over: its overlay pane is one the facade does not draw. */
const leafletInPlace = (map: Locator) =>
  expect(map.locator('.leaflet-overlay-pane')).toHaveCount(1);

test('the map loads Leaflet only when the merchant goes for it, and a tap picks what Leaflet picks', async ({
  page,
}) => {
  await serveTiles(page);
  const leaflet = leafletRequests(page);
  await signIn(page);
  await page.goto('/#/pages/profile/basic-info');
  const map = page.getByRole('application', { name: /Map: tap to set/ });
  await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
  await typeLocation(page, '3.3412', '101.2499');
  // Looked at, hovered, typed beside: still no Leaflet, after the 1.5 s of quiet the bench
  // waits for before it stops counting scripts.
  await map.hover();
  await page.waitForTimeout(1500);
  expect(leaflet).toEqual([]);

  // A tap on the facade picks by Web Mercator, and brings Leaflet.
  await map.click({ position: { x: 120, y: 100 } });
  const byFacade = await picked(page);
  expect(byFacade[0]).toBeGreaterThan(3.3412);
  expect(byFacade[1]).toBeLessThan(101.2499);
  await leafletInPlace(map);
  expect(leaflet).toHaveLength(1);

  // Leaflet, at the view the facade handed it, picks the same place at the same point.
  await typeLocation(page, '3.3412', '101.2499');
  await map.click({ position: { x: 120, y: 100 } });
  const byLeaflet = await picked(page);
  expect(byLeaflet[0]).toBeCloseTo(byFacade[0]!, 5);
  expect(byLeaflet[1]).toBeCloseTo(byFacade[1]!, 5);
});

test('a zoom button on the map works before Leaflet is there, and Leaflet keeps the zoom', async ({
  page,
}) => {
  await serveTiles(page);
  const leaflet = leafletRequests(page);
  await signIn(page);
  await page.goto('/#/pages/profile/basic-info');
  const map = page.getByRole('application', { name: /Map: tap to set/ });
  await typeLocation(page, '3.3412', '101.2499');
  const tile = map.locator('img.leaflet-tile').first();
  await expect(tile).toHaveAttribute('src', /\/16\/\d+\/\d+\.png$/);
  expect(leaflet).toEqual([]);
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await expect(tile).toHaveAttribute('src', /\/15\/\d+\/\d+\.png$/);
  await leafletInPlace(map);
  await expect(tile).toHaveAttribute('src', /\/15\/\d+\/\d+\.png$/);
  // The pin stays where it was put: the location is unchanged.
  expect(await picked(page)).toEqual([3.3412, 101.2499]);
});

test('the keyboard reaching the map brings Leaflet, which takes the focus', async ({ page }) => {
  await serveTiles(page);
  const leaflet = leafletRequests(page);
  await signIn(page);
  await page.goto('/#/pages/profile/basic-info');
  const map = page.getByRole('application', { name: /Map: tap to set/ });
  await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
  expect(leaflet).toEqual([]);
  await page.getByLabel('Address').focus();
  await page.keyboard.press('Tab');
  await leafletInPlace(map);
  await expect(map).toBeFocused();
  // The keys reach Leaflet: a minus zooms out.
  await page.keyboard.press('Minus');
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /\/1[05]\//);
});

test('a map whose code fails to load says so, and loads on Retry', async ({ page }) => {
  await serveTiles(page);
  await page.route(LEAFLET_CHUNK, (route) => route.abort());
  await signIn(page);
  await page.goto('/#/pages/profile/basic-info');
  const map = page.getByRole('application', { name: /Map: tap to set/ });
  await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect(
    page.getByText('The map could not load. You can still type the coordinates.'),
  ).toBeVisible();
  await page.unroute(LEAFLET_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  await leafletInPlace(map);
  await expect(
    page.getByText('The map could not load. You can still type the coordinates.'),
  ).toBeHidden();
});
