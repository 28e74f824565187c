import type { LaunchOptions } from '@playwright/test';

export declare const chromiumLaunchOptions: LaunchOptions & {
  executablePath: string;
  args: string[];
};
