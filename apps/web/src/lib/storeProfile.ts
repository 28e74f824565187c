import { storeApi } from '@sm/contract/route-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * GET /api/store: the store feature edits it, Home shows its announcements. Here, so both use one
 * key (features do not import each other); every change answers the whole profile, which the
 * store feature writes under this key.
 */
export const storeProfileKey = ['store'] as const;

export const storeProfileQueryOptions = () =>
  queryOptions({
    queryKey: storeProfileKey,
    queryFn: ({ signal }) => api(storeApi.get, { signal }),
  });
