import type { LaunchOptions } from '@playwright/test';

type ChromiumLaunchOptions = LaunchOptions & {
  executablePath: string;
  args: string[];
};

export declare const chromiumLaunchOptions: ChromiumLaunchOptions;
export declare const headlessShellLaunchOptions: ChromiumLaunchOptions;
