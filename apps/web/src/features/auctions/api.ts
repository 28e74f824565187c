import type { CreateAuctionRequest, LotStatus } from '@sm/contract';
import { auctionsApi, boatsApi, mediaApi } from '@sm/contract/route-table';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { serverOffset } from '../../lib/datetime';
import { ORDERS_KEY_ROOT } from '../../lib/queryKeys';
import { api, apiUpload } from '../../lib/api';

/** Query keys of the feature, in one place: live events and mutations invalidate by them. */
export const auctionKeys = {
  /** Lists and the dashboard: everything a bid, a buyout or an end may change on Home. */
  overview: ['auctions'] as const,
  dashboard: () => ['auctions', 'dashboard'] as const,
  list: (status: LotStatus, q: string) => ['auctions', 'list', status, q] as const,
  lots: ['lots'] as const,
  lot: (id: string) => ['lots', id] as const,
  boats: ['boats'] as const,
};

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: auctionKeys.dashboard(),
    queryFn: ({ signal }) => api(auctionsApi.dashboard, { signal }),
  });

const PAGE_SIZE = 20;

/** The auction list's tab and search, which live in the URL (home reads them, the boot too). */
export const auctionListParams = (params: URLSearchParams): { status: LotStatus; q: string } => ({
  status: params.get('status') === 'ended' ? 'ended' : 'live',
  q: params.get('q') ?? '',
});

export const auctionListQueryOptions = (status: LotStatus, q: string) =>
  infiniteQueryOptions({
    queryKey: auctionKeys.list(status, q),
    queryFn: ({ pageParam, signal }) =>
      api(auctionsApi.list, {
        query: { status, q: q || undefined, cursor: pageParam || undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** How often a lot asks again while its end or its award is due: the fallback when no live event comes. */
const DUE_POLL_MS = 2_000;

export const lotQueryOptions = (id: string) =>
  queryOptions({
    queryKey: auctionKeys.lot(id),
    queryFn: ({ signal }) => api(auctionsApi.getLot, { params: { id }, signal }),
    refetchInterval: (query) => {
      const lot = query.state.data;
      if (!lot) return false;
      if (lot.status === 'ended') return lot.award ? false : DUE_POLL_MS;
      const offset = serverOffset(lot.serverNow, query.state.dataUpdatedAt);
      const left = Date.parse(lot.endsAt) - (Date.now() + offset);
      // Ask again just after the end, then every 2 s until the lot reads as ended.
      return left > 0 ? left + 500 : DUE_POLL_MS;
    },
  });

export const boatsQueryOptions = () =>
  queryOptions({
    queryKey: auctionKeys.boats,
    queryFn: ({ signal }) => api(boatsApi.list, { signal }),
    select: (data) => data.items,
  });

/** One photo or video; `onProgress` gets the share sent, 0 to 1. */
export const uploadMedia = (file: File, onProgress: (sent: number) => void, signal?: AbortSignal) =>
  apiUpload(mediaApi.upload, { files: { file }, onProgress, signal });

const createAuction = (data: CreateAuctionRequest) => api(auctionsApi.create, { body: data });

const deleteAuction = (id: string) => api(auctionsApi.delete, { params: { id } });

function refreshOverview(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: auctionKeys.overview });
}

export function useCreateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: () => refreshOverview(queryClient),
  });
}

export function useDeleteAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuction,
    onSuccess: () => refreshOverview(queryClient),
  });
}

/** Offers the lot's returned kg to its next bidders (PRODUCT.md §4a): new orders awaiting payment. */
export function useOfferReturned(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(auctionsApi.offerLot, { params: { id: lotId }, body: {} }),
    onSettled: () => {
      // Also after a refusal: the offer window or the returned kg may have changed meanwhile.
      void queryClient.invalidateQueries({ queryKey: auctionKeys.lot(lotId) });
      void refreshOverview(queryClient);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY_ROOT });
    },
  });
}

/** Relists the lot's returned kg as a new 15-minute lot, live at once. */
export function useRelistReturned(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(auctionsApi.relistLot, { params: { id: lotId }, body: {} }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: auctionKeys.lot(lotId) });
      void refreshOverview(queryClient);
    },
  });
}
