import type {
  MediaItem,
  StoreBasicInfoInput,
  StoreCarouselInput,
  StoreProfile,
  StoreProfileInput,
  StoreTaxDetails,
  StoreTaxDetailsInput,
} from '@sm/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY_ROOT } from '../../lib/queryKeys';
import { request, requestBlob, upload } from '../../lib/request';
import { meQueryOptions } from '../../lib/session';
import { storeProfileKey } from '../../lib/storeProfile';

/** Every change answers the whole profile: it replaces the cached one, no refetch needed. */
const keep = (queryClient: QueryClient) => (profile: StoreProfile) =>
  queryClient.setQueryData(storeProfileKey, profile);

/** The name and the business status also live in `merchantInfo` (GET /api/me): refreshed too. */
const refreshMe = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });

export function useSaveBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreBasicInfoInput) =>
      request<StoreProfile>('/api/store/basic-info', { method: 'PUT', data: input }),
    onSuccess: (profile) => {
      keep(queryClient)(profile);
      void refreshMe(queryClient);
    },
  });
}

export function useSaveStoreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreProfileInput) =>
      request<StoreProfile>('/api/store/profile', { method: 'PUT', data: input }),
    onSuccess: keep(queryClient),
  });
}

export function useSaveCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreCarouselInput) =>
      request<StoreProfile>('/api/store/carousel', { method: 'PUT', data: input }),
    onSuccess: keep(queryClient),
    // A refused save (a photo gone meanwhile): show what the server has.
    onError: () => void queryClient.invalidateQueries({ queryKey: storeProfileKey }),
  });
}

/** POST /api/store/ssm with its progress: Pending review once it is in. */
export function useSubmitSsm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (sent: number) => void }) =>
      upload<StoreProfile>('/api/store/ssm', { files: { file }, onProgress }),
    onSuccess: (profile) => {
      keep(queryClient)(profile);
      void refreshMe(queryClient);
    },
  });
}

/** One photo to POST /api/media (logo, carousel), with its progress. */
export const uploadPhoto = (file: File, onProgress: (sent: number) => void, signal?: AbortSignal) =>
  upload<MediaItem>('/api/media', { files: { file }, onProgress, ...(signal ? { signal } : {}) });

/** A submitted document's bytes, to save under its name. */
export const downloadDocument = (id: string) =>
  requestBlob(`/api/store/ssm/${encodeURIComponent(id)}`);

/** Under the store's key: whatever refreshes the store (a live event) refreshes these too. */
export const taxDetailsKey = ['store', 'taxDetails'] as const;

/** GET /api/store/tax-details: as saved, and what an e-invoice still needs. */
export const taxDetailsQueryOptions = () =>
  queryOptions({
    queryKey: taxDetailsKey,
    queryFn: ({ signal }) => request<StoreTaxDetails>('/api/store/tax-details', { signal }),
  });

/**
 * PUT /api/store/tax-details answers the details as saved. Orders are refreshed too: an order's
 * e-invoice says which of these it still waits for.
 */
export function useSaveTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreTaxDetailsInput) =>
      request<StoreTaxDetails>('/api/store/tax-details', { method: 'PUT', data: input }),
    onSuccess: (details) => {
      queryClient.setQueryData(taxDetailsKey, details);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY_ROOT });
    },
  });
}
