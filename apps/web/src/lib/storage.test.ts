import { describe, expect, it } from 'vitest';
import { createStorage, isString } from './storage';

/** The Web Storage interface over a Map, as node has no localStorage. */
function memoryStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const isObject = (data: unknown): data is { id: string } =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string';

describe('storage wrapper', () => {
  it('writes values as a {type, data} wrapper and reads them back', () => {
    const backend = memoryStorage();
    const storage = createStorage(backend);
    expect(storage.set('locale', 'my')).toBe(true);
    storage.set('merchantInfo', { id: 'm1', phone: '+60123456789' });
    expect(JSON.parse(backend.map.get('locale')!)).toEqual({ type: 'string', data: 'my' });
    expect(JSON.parse(backend.map.get('merchantInfo')!)).toEqual({
      type: 'object',
      data: { id: 'm1', phone: '+60123456789' },
    });
    expect(storage.get('locale', isString)).toBe('my');
    expect(storage.get('merchantInfo', isObject)).toEqual({ id: 'm1', phone: '+60123456789' });
  });

  it('reads a missing key as null', () => {
    const storage = createStorage(memoryStorage());
    expect(storage.get('merchantInfo', isObject)).toBeNull();
    expect(storage.raw('merchantInfo')).toBeNull();
  });

  it('reads corrupt or foreign values as null', () => {
    const backend = memoryStorage();
    const storage = createStorage(backend);
    for (const bad of [
      '{not json',
      '"zh"',
      'null',
      '{"data":"zh"}',
      '{"type":"number","data":"zh"}',
    ]) {
      backend.setItem('locale', bad);
      expect(storage.get('locale', isString)).toBeNull();
    }
    backend.setItem('merchantInfo', JSON.stringify({ type: 'object', data: { phone: 'x' } }));
    expect(storage.get('merchantInfo', isObject)).toBeNull();
  });

  it('removes a key', () => {
    const storage = createStorage(memoryStorage());
    storage.set('locale', 'zh');
    storage.remove('locale');
    expect(storage.get('locale', isString)).toBeNull();
  });

  it('survives a storage that throws or is absent', () => {
    const throwing = memoryStorage();
    throwing.getItem = () => {
      throw new Error('SecurityError');
    };
    throwing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    for (const storage of [createStorage(throwing), createStorage(null)]) {
      expect(storage.set('locale', 'en')).toBe(false);
      expect(storage.get('locale', isString)).toBeNull();
    }
  });
});
