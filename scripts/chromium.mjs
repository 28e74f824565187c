// The system Chromium as the tests, the benchmarks and the icon renderer launch it: no sandbox
// (CI runs as root), and none of the background calls that a machine without internet refuses.
import { existsSync } from 'node:fs';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The full browser (Debian's chromium), as the benchmarks measure a phone's. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
};

// Debian's headless build of the same Chromium (package chromium-headless-shell): the same Blink
// and V8 without the desktop browser around them, and without its PDF viewer and Web Push. On two
// cores it took a third of the CPU that the full browser did to open a context and the sign-in
// page (0.6 s against 2.1 s), which is much of a browser test's time.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** Most browser tests' Chromium: the headless build when installed, else the full browser. */
export const headlessShellLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args,
};
