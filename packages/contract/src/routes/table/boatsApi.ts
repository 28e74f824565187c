// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const boatsApi = {
  list: ref<typeof declared.boatsApi.list>('GET', '/api/boats'),
  create: ref<typeof declared.boatsApi.create>('POST', '/api/boats'),
  get: ref<typeof declared.boatsApi.get>('GET', '/api/boats/:id'),
  update: ref<typeof declared.boatsApi.update>('PUT', '/api/boats/:id'),
  delete: ref<typeof declared.boatsApi.delete>('DELETE', '/api/boats/:id'),
  coldRooms: ref<typeof declared.boatsApi.coldRooms>('GET', '/api/cold-rooms'),
  coldRoomSettings: ref<typeof declared.boatsApi.coldRoomSettings>(
    'PUT',
    '/api/cold-rooms/settings',
  ),
  createColdRoom: ref<typeof declared.boatsApi.createColdRoom>('POST', '/api/cold-rooms'),
  getColdRoom: ref<typeof declared.boatsApi.getColdRoom>('GET', '/api/cold-rooms/:id'),
  updateColdRoom: ref<typeof declared.boatsApi.updateColdRoom>('PUT', '/api/cold-rooms/:id'),
  deleteColdRoom: ref<typeof declared.boatsApi.deleteColdRoom>('DELETE', '/api/cold-rooms/:id'),
};
