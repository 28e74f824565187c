import {
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
import {
  BOAT_FIELDS,
  type BoatField,
  type BoatValues,
  COLD_ROOM_FIELDS,
  type ColdRoomField,
  type ColdRoomValues,
} from './form';

// What the forms alone read of the contract: its schemas, and zod with them. The list pages
// import form.ts, never this, so they load neither until a form first opens.

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

/**
 * The name a room left unnamed gets, as the server will choose it: for a new room the next free
 * 'Cold Room N'; for a room that already has a default name, that name.
 */
export function defaultNameFor(rooms: readonly ColdRoom[], editing: ColdRoom | null): string {
  if (editing && defaultColdRoomNumber(editing.name) !== null) return editing.name;
  const others = rooms.filter((room) => room.id !== editing?.id).map((room) => room.name);
  return defaultColdRoomName(nextColdRoomNumber(others));
}
