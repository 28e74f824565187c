import { availableParallelism } from 'node:os';
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

  it('runs a server process per core on PostgreSQL, one on the embedded database', () => {
    const pg = { DATABASE_URL: 'postgres://u@h:5432/db' };
    expect(loadConfig(pg).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY.*DATABASE_URL/);
    // The test clock is one process's: it stays one unless told otherwise, and more is refused.
    expect(loadConfig({ ...pg, TEST_CLOCK: 'true' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ ...pg, TEST_CLOCK: 'true', WEB_CONCURRENCY: '2' })).toThrow(
      /TEST_CLOCK/,
    );
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('lets a sign-in hold 6 live-event streams unless raised', () => {
    expect(loadConfig({}).eventStreamsPerSession).toBe(6);
    expect(loadConfig({ EVENT_STREAMS_PER_SESSION: '20000' }).eventStreamsPerSession).toBe(20_000);
    expect(() => loadConfig({ EVENT_STREAMS_PER_SESSION: '0' })).toThrow(/EVENT_STREAMS/);
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

  it('logs JSON unless development asks for readable lines', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toThrow(
      /LOG_FORMAT/,
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

  it('prints to LAN printers only inside the configured networks, and stops on a bad one', () => {
    expect(loadConfig({}).printing).toEqual({ networks: [], testLoopback: false });
    const { networks } = loadConfig({
      PRINTER_LAN_NETWORKS: ' 192.168.1.0/24, fd12:3456::/48,10.0.0.9 ,',
    }).printing;
    expect(networks.map((n) => [n.family, n.prefix])).toEqual([
      [4, 24],
      [6, 48],
      [4, 32],
    ]);
    for (const [bad, says] of [
      ['192.168.1/24', /PRINTER_LAN_NETWORKS: "192.168.1\/24" is not a network/],
      ['192.168.1.7/24', /has host bits set: 192.168.1.0\/24\?/],
      ['10.0.0.0/33', /prefix length must be from 0 to 32/],
      ['printer.lan/32', /"printer.lan\/32" is not a network/],
      ['0x0a.0.0.0/8', /is not a network/],
    ] as const) {
      expect(() => loadConfig({ PRINTER_LAN_NETWORKS: bad }), bad).toThrow(says);
    }
    // The browser tests' stand-in printer: only with the test clock, never in production.
    const test = { PRINTER_TEST_LOOPBACK: 'true', TEST_CLOCK: 'true' };
    expect(loadConfig(test).printing.testLoopback).toBe(true);
    expect(() => loadConfig({ PRINTER_TEST_LOOPBACK: 'true' })).toThrow(/PRINTER_TEST_LOOPBACK/);
    expect(() => loadConfig({ ...test, NODE_ENV: 'production' })).toThrow(/PRINTER_TEST_LOOPBACK/);
  });
});
