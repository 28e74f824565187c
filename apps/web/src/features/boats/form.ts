import {
  type Boat,
  boatInput,
  type BoatInput,
  type ColdRoom,
  coldRoomInput,
  type ColdRoomInput,
  defaultColdRoomName,
  defaultColdRoomNumber,
  nextColdRoomNumber,
} from '@sm/contract';
import { fieldCodes } from '../../lib/fieldCodes';
import type { Check } from '../../lib/form';

/** A photo as the form shows it: what the server said of the upload, or of the saved record. */
export interface Photo {
  id: string;
  url: string;
  thumbUrl: string | null;
}

const photoOf = (record: {
  imageId: string | null;
  imageUrl: string | null;
  thumbUrl: string | null;
}): Photo | null =>
  record.imageId && record.imageUrl
    ? { id: record.imageId, url: record.imageUrl, thumbUrl: record.thumbUrl }
    : null;

/**
 * The boat form as typed: nothing is lost to a failed check. The photo goes under the name of the
 * field the API checks (`imageId`), so its refusal lands on it.
 */
export interface BoatValues {
  boatNumber: string;
  ownerName: string;
  imageId: Photo | null;
}
export type BoatField = keyof BoatValues;
export const BOAT_FIELDS: readonly BoatField[] = ['boatNumber', 'ownerName', 'imageId'];

export const boatValuesOf = (boat: Boat | null): BoatValues => ({
  boatNumber: boat?.boatNumber ?? '',
  ownerName: boat?.ownerName ?? '',
  imageId: boat ? photoOf(boat) : null,
});

/** The contract's `boatInput` over what was typed: what to send, or a code per field. */
export function checkBoat(values: BoatValues): Check<BoatInput, BoatField> {
  const input: BoatInput = {
    boatNumber: values.boatNumber,
    ownerName: values.ownerName,
    imageId: values.imageId?.id ?? null,
  };
  const parsed = boatInput.safeParse(input);
  if (parsed.success) return { ok: true, input };
  return { ok: false, errors: fieldCodes(parsed.error, BOAT_FIELDS) };
}

export interface ColdRoomValues {
  name: string;
  ownerName: string;
  imageId: Photo | null;
  active: boolean;
}
export type ColdRoomField = keyof ColdRoomValues;
export const COLD_ROOM_FIELDS: readonly ColdRoomField[] = [
  'name',
  'ownerName',
  'imageId',
  'active',
];

export const coldRoomValuesOf = (room: ColdRoom | null): ColdRoomValues => ({
  name: room?.name ?? '',
  ownerName: room?.ownerName ?? '',
  imageId: room ? photoOf(room) : null,
  active: room?.active ?? true,
});

export function checkColdRoom(values: ColdRoomValues): Check<ColdRoomInput, ColdRoomField> {
  const input: ColdRoomInput = {
    name: values.name,
    ownerName: values.ownerName,
    imageId: values.imageId?.id ?? null,
    active: values.active,
  };
  const parsed = coldRoomInput.safeParse(input);
  if (parsed.success) return { ok: true, input };
  return { ok: false, errors: fieldCodes(parsed.error, COLD_ROOM_FIELDS) };
}

/** The whole room again with only its active flag changed: what the list's switch sends. */
export const toggledRoom = (room: ColdRoom, active: boolean): ColdRoomInput => ({
  name: room.name,
  ownerName: room.ownerName ?? '',
  imageId: room.imageId,
  active,
});

/**
 * The name a room left unnamed gets, as the server will choose it: for a new room the next free
 * 'Cold Room N'; for a room that already has a default name, that name.
 */
export function defaultNameFor(rooms: readonly ColdRoom[], editing: ColdRoom | null): string {
  if (editing && defaultColdRoomNumber(editing.name) !== null) return editing.name;
  const others = rooms.filter((room) => room.id !== editing?.id).map((room) => room.name);
  return defaultColdRoomName(nextColdRoomNumber(others));
}
