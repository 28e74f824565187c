import type { Boat, ColdRoom, ColdRoomInput } from '@sm/contract';

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

/** The whole room again with only its active flag changed: what the list's switch sends. */
export const toggledRoom = (room: ColdRoom, active: boolean): ColdRoomInput => ({
  name: room.name,
  ownerName: room.ownerName ?? '',
  imageId: room.imageId,
  active,
});
