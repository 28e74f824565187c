import type {
  StoreBasicInfoInput,
  StoreCarouselInput,
  StoreProfile,
  StoreProfileInput,
  StoreTaxDetailsInput,
} from '@sm/contract';
import { mediaApi, storeApi } from '@sm/contract/route-table';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY_ROOT } from '../../lib/queryKeys';
import { api, apiBlob, apiUpload } from '../../lib/api';
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
    mutationFn: (input: StoreBasicInfoInput) => api(storeApi.updateBasicInfo, { body: input }),
    onSuccess: (profile) => {
      keep(queryClient)(profile);
      void refreshMe(queryClient);
    },
  });
}

export function useSaveStoreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreProfileInput) => api(storeApi.updateProfile, { body: input }),
    onSuccess: keep(queryClient),
  });
}

export function useSaveCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreCarouselInput) => api(storeApi.updateCarousel, { body: input }),
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
      apiUpload(storeApi.submitSsm, { files: { file }, onProgress }),
    onSuccess: (profile) => {
      keep(queryClient)(profile);
      void refreshMe(queryClient);
    },
  });
}

/** One photo to POST /api/media (logo, carousel), with its progress. */
export const uploadPhoto = (file: File, onProgress: (sent: number) => void, signal?: AbortSignal) =>
  apiUpload(mediaApi.upload, { files: { file }, onProgress, signal });

/** A submitted document's bytes, to save under its name. */
export const downloadDocument = (id: string) => apiBlob(storeApi.ssmDocument, { params: { id } });

/** Under the store's key: whatever refreshes the store (a live event) refreshes these too. */
export const taxDetailsKey = ['store', 'taxDetails'] as const;

/** GET /api/store/tax-details: as saved, and what an e-invoice still needs. */
export const taxDetailsQueryOptions = () =>
  queryOptions({
    queryKey: taxDetailsKey,
    queryFn: ({ signal }) => api(storeApi.taxDetails, { signal }),
  });

/**
 * PUT /api/store/tax-details answers the details as saved. Orders are refreshed too: an order's
 * e-invoice says which of these it still waits for.
 */
export function useSaveTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreTaxDetailsInput) => api(storeApi.updateTaxDetails, { body: input }),
    onSuccess: (details) => {
      queryClient.setQueryData(taxDetailsKey, details);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY_ROOT });
    },
  });
}
