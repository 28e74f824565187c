import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DB_KINDS,
  TEST_PASSWORD_HASH_COST,
  type TestDatabase,
} from '../../test/helpers.js';
import { countAccounts } from '../modules/auth/auth.repo.js';
import { settingOrCreate } from '../modules/system/settings.repo.js';
import { seedDemo } from './seed.js';

const seedOptions = { passwordHashCost: Number(TEST_PASSWORD_HASH_COST) };

describe.each(DB_KINDS)('demo seed and shared settings on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('seeds an empty database once, even when two starts race', async () => {
    const results = await Promise.all([
      seedDemo(t.database.db, seedOptions),
      seedDemo(t.database.db, seedOptions),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await countAccounts(t.database.db)).toBe(4);
    expect(await seedDemo(t.database.db, seedOptions)).toBe(false);
    expect(await countAccounts(t.database.db)).toBe(4);
  });

  it('gives every process the same generated secret', async () => {
    const first = await settingOrCreate(t.database.db, 'app_secret', () => 'first');
    const second = await settingOrCreate(t.database.db, 'app_secret', () => 'second');
    expect(first).toBe('first');
    expect(second).toBe('first');
  });
});
