import { readFileSync } from 'node:fs';
import { WEB_BUILD_META } from '@sm/contract';

const BUILD_META = new RegExp(`<meta\\s+name="${WEB_BUILD_META}"\\s+content="([^"]+)"`);

/**
 * The build id that the web build wrote into its index.html (apps/web/build), or null when no app
 * is built there. Read once at start: a new build is deployed with a restart.
 */
export function readWebBuild(indexHtml: string): string | null {
  let html: string;
  try {
    html = readFileSync(indexHtml, 'utf8');
  } catch {
    return null;
  }
  return BUILD_META.exec(html)?.[1] ?? null;
}
