import { expect, test } from '@playwright/test';
import { expectLayoutFits, untilStill } from './helpers';

// The checks behind every screenshot (snap) and every wait for a sheet to stop, on pages made
// here: each must fail on the fault it names, or the screenshots would prove nothing. The pages
// declare the viewport the app's index.html declares.
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

test('a page that fits the screen passes', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body style="margin:0"><button style="width:120px">Short</button><span class="adm-tag">ok</span></body>',
  );
  await expectLayoutFits(page);
});

test('a badge that hangs over its icon’s corner, as designed, passes', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body><a href="#"><span style="display:inline-block;position:relative;width:24px;height:24px">' +
      '<sup style="position:absolute;left:16px;top:-6px">99</sup></span>Notifications</a></body>',
  );
  await expectLayoutFits(page);
});

test('a row wider than the 390 px screen fails', async ({ page }) => {
  await page.setContent(
    VIEWPORT + '<body style="margin:0"><div style="width:500px">wide</div></body>',
  );
  await expect(expectLayoutFits(page)).rejects.toThrow(/is 50\d px wide on a 390 px screen/);
});

test('a button label cut off fails, named by its text', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body><button style="width:60px;overflow:hidden;white-space:nowrap">Tandakan sebagai selesai</button></body>',
  );
  await expect(expectLayoutFits(page)).rejects.toThrow(/Tandakan sebagai selesai/);
});

test('a label that ends in an ellipsis, as designed, passes', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body><button style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Tandakan sebagai selesai</button></body>',
  );
  await expectLayoutFits(page);
});

test('a tag whose text spills out of it fails', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body><span class="adm-tag" style="display:inline-block;width:30px;white-space:nowrap">Pembayaran</span></body>',
  );
  await expect(expectLayoutFits(page)).rejects.toThrow(/Pembayaran/);
});

test('untilStill waits for a sliding element to stop', async ({ page }) => {
  await page.setContent(
    VIEWPORT +
      '<body><div id="sheet" style="transition: transform 600ms; transform: translateY(300px)">x</div></body>',
  );
  await page.evaluate(() => {
    document.getElementById('sheet')!.style.transform = 'translateY(0)';
  });
  await untilStill(page);
  expect(
    await page.evaluate(() => document.getElementById('sheet')!.getBoundingClientRect().y),
  ).toBeLessThan(20);
});
