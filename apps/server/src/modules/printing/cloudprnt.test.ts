import { normalizeMac } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import {
  cloudStateOf,
  confirmationOf,
  decodeAsb,
  isFinalError,
  keyMatches,
  mediaTypeOf,
  normalizeAsb,
  onlineWindowMs,
  printerKey,
  reportedPollSeconds,
  statusCodeOf,
} from './cloudprnt.js';

describe('CloudPRNT messages', () => {
  it('reads MAC addresses as printers send them and labels print them', () => {
    for (const mac of [
      '00:11:62:AB:CD:EF',
      '00-11-62-ab-cd-ef',
      '001162abcdef',
      ' 0011.62ab.cdef ',
    ]) {
      expect(normalizeMac(mac)).toBe('00:11:62:ab:cd:ef');
    }
    for (const bad of ['', '00:11:62:ab:cd', '00:11:62:ab:cd:ef:01', 'zz:11:62:ab:cd:ef']) {
      expect(normalizeMac(bad)).toBeNull();
    }
    // The all-zeros and broadcast addresses name no printer.
    expect(normalizeMac('00:00:00:00:00:00')).toBeNull();
    expect(normalizeMac('FF:FF:FF:FF:FF:FF')).toBeNull();
  });

  it('reads status codes URL-encoded, with or without a description (guide §7)', () => {
    expect(statusCodeOf('200%20OK')).toBe('200');
    expect(statusCodeOf('200 OK')).toBe('200');
    expect(statusCodeOf('410%20Out%20of%20paper')).toBe('410');
    expect(statusCodeOf('4201 Future code')).toBe('4201');
    expect(statusCodeOf('%E0%A4%A')).toBeNull();
    expect(statusCodeOf('OK')).toBeNull();
    expect(statusCodeOf(null)).toBeNull();
    expect(statusCodeOf('12345')).toBeNull();
  });

  it('reads a confirmation: printed, tried again, or failed for good', () => {
    expect(confirmationOf('200%20OK')).toEqual({ printed: true, code: '200' });
    expect(confirmationOf('OK')).toEqual({ printed: true, code: 'unknown' });
    expect(confirmationOf('511 Media decoding error')).toEqual({ printed: false, code: '511' });
    expect(confirmationOf(undefined)).toEqual({ printed: false, code: 'unknown' });
    expect(['510', '512', '521', 'unknown'].map(isFinalError)).toEqual([true, true, true, true]);
    expect(['511', '520', '410'].map(isFinalError)).toEqual([false, false, false]);
  });

  it('decodes ASB status bytes: offline, cover, paper, errors', () => {
    expect(normalizeAsb('23 6 0 0 0 0 0 0 0 ')).toBe('23 06 00 00 00 00 00 00 00');
    expect(normalizeAsb('238600000000000000')).toBe('23 86 00 00 00 00 00 00 00');
    expect(normalizeAsb('not hex')).toBeNull();
    expect(decodeAsb('23 86 00 00 00 00 00 00 00')).toEqual({
      offline: false,
      coverOpen: false,
      paperEmpty: false,
      paperNearEmpty: false,
      error: false,
    });
    expect(decodeAsb('23 86 28 00 00 00 00 00 00')).toMatchObject({
      offline: true,
      coverOpen: true,
    });
    expect(decodeAsb('23 86 08 00 00 08 00 00 00')).toMatchObject({ paperEmpty: true });
    expect(decodeAsb('23 86 00 00 00 04 00 00 00')).toMatchObject({ paperNearEmpty: true });
    expect(decodeAsb('23 86 08 08 00 00 00 00 00')).toMatchObject({ error: true });
    expect(decodeAsb('23 86')).toBeNull();
  });

  it('tells the printer’s state from its last poll', () => {
    const now = new Date('2026-01-15T01:00:00Z');
    const seen = (ms: number) => new Date(now.getTime() - ms);
    const state = (statusCode: string | null, asb: string | null = null, ago = 1_000) =>
      cloudStateOf({ seenAt: seen(ago), statusCode, asb, pollSeconds: 5 }, now);
    expect(
      cloudStateOf({ seenAt: null, statusCode: null, asb: null, pollSeconds: null }, now),
    ).toBe('waiting');
    expect(state('200')).toBe('online');
    expect(state('200', null, 15_001)).toBe('offline');
    expect(state('410')).toBe('paper_out');
    expect(state('420')).toBe('cover_open');
    expect(state('211')).toBe('paper_low');
    expect(state('411')).toBe('error');
    expect(state('200', '23 86 20 00 00 08 00 00 00')).toBe('cover_open');
    // A slower printer is online longer: three of its intervals.
    expect(onlineWindowMs(120)).toBe(360_000);
    expect(onlineWindowMs(null)).toBe(15_000);
  });

  it('reads the polling interval a printer reports, and believes only a sane one', () => {
    expect(reportedPollSeconds([{ request: 'GetPollInterval', result: '10' }])).toBe(10);
    expect(reportedPollSeconds([{ request: 'Encodings', result: 'image/png' }])).toBeNull();
    expect(reportedPollSeconds([{ request: 'GetPollInterval', result: '0' }])).toBeNull();
    expect(reportedPollSeconds([{ request: 'GetPollInterval', result: 'x' }])).toBeNull();
    expect(reportedPollSeconds(null)).toBeNull();
  });

  it('keys each printer’s URL by the app secret and its id', () => {
    const key = printerKey('s'.repeat(43), 'printer-1');
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(printerKey('s'.repeat(43), 'printer-2')).not.toBe(key);
    expect(keyMatches('s'.repeat(43), 'printer-1', key)).toBe(true);
    expect(keyMatches('s'.repeat(43), 'printer-2', key)).toBe(false);
    expect(keyMatches('s'.repeat(43), 'printer-1', undefined)).toBe(false);
    expect(mediaTypeOf(' Image/PNG; mono_len=2000')).toBe('image/png');
  });
});
