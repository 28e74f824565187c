import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: embedded database with the demo seed', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      cookieSecure: false,
      env: 'development',
    });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('does not seed PostgreSQL unless asked, and treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('makes cookies Secure in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('hashes passwords at scrypt N=2^17 unless a test suite lowers it, never in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL is required/);
  });

  it('submits e-invoices only with the MyInvois URL, client ID and secret all set', () => {
    const full = {
      MYINVOIS_BASE_URL: 'https://preprod-api.myinvois.hasil.gov.my',
      MYINVOIS_CLIENT_ID: 'id',
      MYINVOIS_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig({}).myinvois).toBeNull();
    expect(loadConfig({ ...full, MYINVOIS_CLIENT_SECRET: '' }).myinvois).toBeNull();
    expect(loadConfig(full).myinvois).toEqual({
      baseUrl: full.MYINVOIS_BASE_URL,
      identityUrl: full.MYINVOIS_BASE_URL,
      clientId: 'id',
      clientSecret: 'secret',
      portalUrl: 'https://preprod.myinvois.hasil.gov.my',
      signing: null,
    });
    // Version 1.1 with the intermediary's PKCS#12 certificate.
    expect(
      loadConfig({
        ...full,
        MYINVOIS_SIGNING_P12: '/etc/lhdn.p12',
        MYINVOIS_SIGNING_PASSWORD: 'pw',
      }).myinvois?.signing,
    ).toEqual({ p12Path: '/etc/lhdn.p12', password: 'pw' });
    expect(
      loadConfig({ ...full, MYINVOIS_IDENTITY_URL: 'https://preprod.myinvois.hasil.gov.my' })
        .myinvois?.identityUrl,
    ).toBe('https://preprod.myinvois.hasil.gov.my');
    expect(() => loadConfig({ ...full, MYINVOIS_BASE_URL: 'not a url' })).toThrow(
      /MYINVOIS_BASE_URL/,
    );
  });
});
