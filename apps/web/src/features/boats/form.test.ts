import type { ColdRoom } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { checkBoat, checkColdRoom, defaultNameFor } from './checks';
import { coldRoomValuesOf, toggledRoom } from './form';

const room = (id: string, name: string): ColdRoom => ({
  id,
  name,
  ownerName: null,
  imageId: null,
  imageUrl: null,
  thumbUrl: null,
  active: true,
  createdAt: '2026-01-15T01:00:00.000Z',
});

describe('boat form', () => {
  it('marks each empty required field with its own code', () => {
    expect(checkBoat({ boatNumber: ' ', ownerName: '', imageId: null })).toEqual({
      ok: false,
      errors: { boatNumber: 'BOAT_NUMBER_REQUIRED', ownerName: 'OWNER_NAME_REQUIRED' },
    });
  });

  it('sends the photo by id, or null for none', () => {
    const photo = {
      id: '0e4f6a0c-1b7d-4f4e-9a51-2d7c1f0b9a11',
      url: '/media/a.webp',
      thumbUrl: null,
    };
    expect(checkBoat({ boatNumber: 'SLF 1', ownerName: 'Ali', imageId: photo })).toEqual({
      ok: true,
      input: { boatNumber: 'SLF 1', ownerName: 'Ali', imageId: photo.id },
    });
  });
});

describe('cold room form', () => {
  it('takes an empty room and refuses a name over 140 characters', () => {
    expect(checkColdRoom(coldRoomValuesOf(null)).ok).toBe(true);
    const long = { ...coldRoomValuesOf(null), name: 'x'.repeat(141) };
    expect(checkColdRoom(long)).toEqual({ ok: false, errors: { name: 'TEXT_TOO_LONG' } });
  });

  it('shows the name the server will give an unnamed room', () => {
    const rooms = [room('a', 'Cold Room 1'), room('b', 'Freezer'), room('c', 'cold room 3')];
    expect(defaultNameFor([], null)).toBe('Cold Room 1');
    expect(defaultNameFor(rooms, null)).toBe('Cold Room 2');
    // A default-named room keeps its name; a named one takes the next free number.
    expect(defaultNameFor(rooms, rooms[0] ?? null)).toBe('Cold Room 1');
    expect(defaultNameFor(rooms, rooms[1] ?? null)).toBe('Cold Room 2');
  });

  it('sends the whole room again when only its switch changes', () => {
    expect(toggledRoom({ ...room('a', 'Cold Room 1'), ownerName: 'Tan' }, false)).toEqual({
      name: 'Cold Room 1',
      ownerName: 'Tan',
      imageId: null,
      active: false,
    });
  });
});
