import type {
  BoatInput,
  ColdRoom,
  ColdRoomInput,
  ColdRoomListResponse,
  ColdRoomSettings,
} from '@sm/contract';
import { boatsApi, mediaApi } from '@sm/contract/route-table';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../lib/api';

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
    queryFn: ({ signal }) => api(boatsApi.list, { signal }),
    select: (data) => data.items,
  });

export const coldRoomsQueryOptions = () =>
  queryOptions({
    queryKey: boatKeys.coldRooms,
    queryFn: ({ signal }) => api(boatsApi.coldRooms, { signal }),
  });

const refresh = (queryClient: QueryClient, key: readonly string[]) =>
  queryClient.invalidateQueries({ queryKey: key });

export function useSaveBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BoatInput }) =>
      id
        ? api(boatsApi.update, { params: { id }, body: input })
        : api(boatsApi.create, { body: input }),
    onSuccess: () => refresh(queryClient, boatKeys.boats),
  });
}

export function useDeleteBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(boatsApi.delete, { params: { id } }),
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
      id
        ? api(boatsApi.updateColdRoom, { params: { id }, body: input })
        : api(boatsApi.createColdRoom, { body: input }),
    onSuccess: (room, { id }) => {
      if (id) putRoom(queryClient, room);
      return refresh(queryClient, boatKeys.coldRooms);
    },
  });
}

export function useDeleteColdRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(boatsApi.deleteColdRoom, { params: { id } }),
    onSuccess: () => refresh(queryClient, boatKeys.coldRooms),
  });
}

export function useColdRoomSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ColdRoomSettings) => api(boatsApi.coldRoomSettings, { body: input }),
    onSuccess: ({ hasColdRoom }) =>
      queryClient.setQueryData<ColdRoomListResponse>(
        boatKeys.coldRooms,
        (data) => data && { ...data, hasColdRoom },
      ),
  });
}

/** One photo (POST /api/media); the server re-encodes it and makes its thumbnail. */
export const uploadPhoto = (file: File, signal?: AbortSignal) =>
  apiUpload(mediaApi.upload, { files: { file }, signal });
