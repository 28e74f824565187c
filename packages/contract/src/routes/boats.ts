import {
  boat,
  boatInput,
  boatListResponse,
  coldRoom,
  coldRoomInput,
  coldRoomListResponse,
  coldRoomSettings,
} from '../boats.js';
import { okResponse } from '../auth.js';
import { idParams } from '../validation.js';
import { routeGroup } from './define.js';

const route = routeGroup('Merchant boats and cold rooms', 'merchantSession');

const IMAGE_NOTE =
  'imageId: one of the merchant’s own photos (POST /api/media), or null for none; anyone else’s answers 404.';

export const boatsApi = {
  list: route({
    method: 'GET',
    path: '/api/boats',
    summary: 'The store’s boats, oldest first: the lot form picks from them',
    response: boatListResponse,
  }),
  create: route({
    method: 'POST',
    path: '/api/boats',
    summary: 'Add a boat',
    description: `Boat number and owner name required (at most 140 characters each); a number the merchant already has, whatever its case and spacing, is BOAT_NUMBER_TAKEN. ${IMAGE_NOTE}`,
    body: boatInput,
    response: boat,
  }),
  get: route({
    method: 'GET',
    path: '/api/boats/:id',
    summary: 'One boat',
    params: idParams,
    response: boat,
  }),
  update: route({
    method: 'PUT',
    path: '/api/boats/:id',
    summary: 'Change a boat (the whole of it, as when adding)',
    description: `Lots already published keep the number and owner they were published with. ${IMAGE_NOTE}`,
    params: idParams,
    body: boatInput,
    response: boat,
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/boats/:id',
    summary: 'Delete a boat',
    description: 'Its published lots keep its number and owner.',
    params: idParams,
    response: okResponse,
  }),
  coldRooms: route({
    method: 'GET',
    path: '/api/cold-rooms',
    summary: 'The store’s has-cold-room flag and its cold rooms, oldest first',
    response: coldRoomListResponse,
  }),
  coldRoomSettings: route({
    method: 'PUT',
    path: '/api/cold-rooms/settings',
    summary: 'Set the store’s has-cold-room flag',
    description:
      'The flag belongs to the store: before its basic info is saved, STORE_BASIC_INFO_REQUIRED.',
    body: coldRoomSettings,
    response: coldRoomSettings,
  }),
  createColdRoom: route({
    method: 'POST',
    path: '/api/cold-rooms',
    summary: 'Add a cold room',
    description: `Name optional: left empty, it is 'Cold Room N', N the smallest number none of the merchant’s rooms uses. Owner optional; active unless told otherwise. ${IMAGE_NOTE}`,
    body: coldRoomInput,
    response: coldRoom,
  }),
  getColdRoom: route({
    method: 'GET',
    path: '/api/cold-rooms/:id',
    summary: 'One cold room',
    params: idParams,
    response: coldRoom,
  }),
  updateColdRoom: route({
    method: 'PUT',
    path: '/api/cold-rooms/:id',
    summary: 'Change a cold room (the whole of it, as when adding): rename, set active or inactive',
    description: `A cleared name takes a default 'Cold Room N' again (keeping the one it has). ${IMAGE_NOTE}`,
    params: idParams,
    body: coldRoomInput,
    response: coldRoom,
  }),
  deleteColdRoom: route({
    method: 'DELETE',
    path: '/api/cold-rooms/:id',
    summary: 'Delete a cold room',
    params: idParams,
    response: okResponse,
  }),
};
