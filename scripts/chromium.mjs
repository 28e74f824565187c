// The system Chromium as the tests, the benchmarks and the icon renderer launch it: no sandbox
// (CI runs as root), and none of the background calls that a machine without internet refuses.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
