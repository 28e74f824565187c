import type {
  Boat,
  BoatInput,
  BoatListResponse,
  ColdRoom,
  ColdRoomInput,
  ColdRoomListResponse,
  ColdRoomSettings,
  MediaItem,
} from '@sm/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, upload } from '../../lib/request';

/**
 * Query keys of the feature. `boats` is the key the lot form reads GET /api/boats under too (same
 * answer), so a boat added or changed here is in its picker at once.
 */
export const boatKeys = {
  boats: ['boats'] as const,
  coldRooms: ['coldRooms'] as const,
};

export const boatsQueryOptions = () =>
  queryOptions({
    queryKey: boatKeys.boats,
    queryFn: ({ signal }) => request<BoatListResponse>('/api/boats', { signal }),
    select: (data) => data.items,
  });

export const coldRoomsQueryOptions = () =>
  queryOptions({
    queryKey: boatKeys.coldRooms,
    queryFn: ({ signal }) => request<ColdRoomListResponse>('/api/cold-rooms', { signal }),
  });

const boatPath = (id: string) => `/api/boats/${encodeURIComponent(id)}`;
const coldRoomPath = (id: string) => `/api/cold-rooms/${encodeURIComponent(id)}`;

const refresh = (queryClient: QueryClient, key: readonly string[]) =>
  queryClient.invalidateQueries({ queryKey: key });

export function useSaveBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BoatInput }) =>
      request<Boat>(id ? boatPath(id) : '/api/boats', {
        method: id ? 'PUT' : 'POST',
        data: input,
      }),
    onSuccess: () => refresh(queryClient, boatKeys.boats),
  });
}

export function useDeleteBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<{ ok: true }>(boatPath(id), { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient, boatKeys.boats),
  });
}

/** Puts a changed room into the cached list, so its switch settles without a refetch. */
function putRoom(queryClient: QueryClient, room: ColdRoom) {
  queryClient.setQueryData<ColdRoomListResponse>(
    boatKeys.coldRooms,
    (data) =>
      data && { ...data, items: data.items.map((item) => (item.id === room.id ? room : item)) },
  );
}

export function useSaveColdRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ColdRoomInput }) =>
      request<ColdRoom>(id ? coldRoomPath(id) : '/api/cold-rooms', {
        method: id ? 'PUT' : 'POST',
        data: input,
      }),
    onSuccess: (room, { id }) => {
      if (id) putRoom(queryClient, room);
      return refresh(queryClient, boatKeys.coldRooms);
    },
  });
}

export function useDeleteColdRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<{ ok: true }>(coldRoomPath(id), { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient, boatKeys.coldRooms),
  });
}

export function useColdRoomSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ColdRoomSettings) =>
      request<ColdRoomSettings>('/api/cold-rooms/settings', { method: 'PUT', data: input }),
    onSuccess: ({ hasColdRoom }) =>
      queryClient.setQueryData<ColdRoomListResponse>(
        boatKeys.coldRooms,
        (data) => data && { ...data, hasColdRoom },
      ),
  });
}

/** One photo (POST /api/media); the server re-encodes it and makes its thumbnail. */
export const uploadPhoto = (file: File, signal?: AbortSignal) =>
  upload<MediaItem>('/api/media', { files: { file }, signal });
