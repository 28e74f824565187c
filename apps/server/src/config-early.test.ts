import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { embeddedDatabaseDir } from './config-early.js';

describe('where the embedded database is, before the configuration is parsed', () => {
  // main.ts opens PGlite on embeddedDatabaseDir's answer only when loadConfig agrees; they must.
  const configured = (env: Record<string, string>) => {
    const config = loadConfig(env);
    return config.databaseUrl ? null : path.join(config.dataDir, 'db');
  };
  const envs: Record<string, string>[] = [
    {},
    { DATA_DIR: '/srv/market' },
    { DATA_DIR: 'relative/dir' },
    { DATA_DIR: '' },
    { DATA_DIR: './data/../other/' },
    { DATABASE_URL: 'postgres://u@h:5432/db' },
    { DATABASE_URL: 'postgres://u@h:5432/db', DATA_DIR: '/srv/market' },
    { DATABASE_URL: '', DATA_DIR: '/srv/market' },
  ];

  it.each(envs)('reads %o as loadConfig does', (env) => {
    expect(embeddedDatabaseDir(env)).toBe(configured(env));
  });
});
