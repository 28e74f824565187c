// Renders the PWA icons (public/icons/*.png) from the SVG below with the system Chromium.
// Run from the repository root: node apps/web/scripts/render-icons.mjs (CHROMIUM_PATH for another Chromium)
import { mkdirSync } from 'node:fs';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { chromium } from '@playwright/test';

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });

/** A white fish over a wave on the app's blue; `inset` shrinks the art into a maskable safe zone. */
function svg({ size, rounded, inset }) {
  const scale = 1 - inset * 2;
  const offset = 512 * inset;
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="#0000FF"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M96 244c52-78 178-104 268-20l58-46c8-6 18 1 16 11l-14 66 14 66c2 10-8 17-16 11l-58-46c-90 84-216 58-268-20-4-7-4-15 0-22z" fill="#fff"/>
    <circle cx="166" cy="236" r="14" fill="#0000FF"/>
    <path d="M226 196c18 26 18 62 0 88" fill="none" stroke="#0000FF" stroke-width="12" stroke-linecap="round"/>
    <path d="M80 372c30-22 60-22 90 0s60 22 90 0 60-22 90 0 60 22 90 0" fill="none" stroke="#8fb3ff" stroke-width="18" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0.04 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0.04 },
  // Maskable: full bleed, art inside the central 80 % circle that every mask keeps.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.14 },
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`,
    );
    await page
      .locator('svg')
      .screenshot({ path: new URL(icon.file, out).pathname, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
