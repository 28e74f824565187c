import type { ExportFormat, FulfilmentStatus, OrderDetail, TaxDocumentKind } from '@sm/contract';
import { invoicesApi, ordersApi } from '@sm/contract/route-table';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { currentLocale } from '../../lib/i18n';
import { ORDER_COUNTS_KEY_ROOT, orderCountsKey } from '../../lib/orderTodo';
import { orderDetailPath } from '../../lib/paths';
import { ORDERS_KEY_ROOT } from '../../lib/queryKeys';
import { api } from '../../lib/api';
import { exportUrl, fileNameOf, filterQuery, type OrderListFilter, periodQuery } from './filter';

/** Query keys of the feature, in one place: live events and mutations invalidate by them. */
export const orderKeys = {
  all: ORDERS_KEY_ROOT,
  lists: ['orders', 'list'] as const,
  list: (filter: OrderListFilter) => ['orders', 'list', filter] as const,
  // In lib: Home's to-do and the tab bar's badge share the unfiltered counts with this page.
  counts: ORDER_COUNTS_KEY_ROOT,
  count: (filter: OrderListFilter) => orderCountsKey(filter),
  details: ['orders', 'detail'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** The link a merchant shares: this app's own address of the order. */
export const orderShareUrl = (origin: string, id: string) => `${origin}/#${orderDetailPath(id)}`;

const PAGE_SIZE = 30;

export const orderListQueryOptions = (filter: OrderListFilter) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api(ordersApi.list, {
        query: { ...filterQuery(filter), cursor: pageParam || undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const orderCountsQueryOptions = (filter: OrderListFilter) =>
  queryOptions({
    queryKey: orderKeys.count(filter),
    queryFn: ({ signal }) =>
      api(ordersApi.counts, {
        query: periodQuery(filter),
        signal,
      }),
    select: (data) => data.counts,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api(ordersApi.get, { params: { id }, signal }),
  });

/** After the merchant changed an order: its detail as the server answered, lists and counts stale. */
function settle(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
  void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
}

export function useAdvanceOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: FulfilmentStatus) =>
      api(ordersApi.setStatus, { params: { id }, body: { status } }),
    onSuccess: (order) => settle(queryClient, order),
  });
}

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(ordersApi.cancel, { params: { id }, body: {} }),
    onSuccess: (order) => settle(queryClient, order),
  });
}

export function useGenerateInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(invoicesApi.create, { params: { id }, body: {} }),
    onSuccess: (invoice) => {
      // The answer is the whole invoice, e-invoice included: nothing else of the order changed.
      queryClient.setQueryData<OrderDetail>(orderKeys.detail(id), (order) =>
        order ? { ...order, invoice } : order,
      );
    },
  });
}

/**
 * Submits a document's e-invoice again (Invalid, or not submitted while the store's tax details
 * were missing): POST /orders/:id/einvoice for the invoice, /orders/:id/credit-note/einvoice for
 * the credit note. A fresh document, dated now, from the details as they are now; the answer is
 * the document, e-invoice included.
 */
export function useResubmitEInvoice(id: string, kind: TaxDocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      kind === 'invoice'
        ? api(invoicesApi.submitEinvoice, { params: { id }, body: {} })
        : api(invoicesApi.submitCreditNoteEinvoice, { params: { id }, body: {} }),
    onSuccess: (document) => {
      queryClient.setQueryData<OrderDetail>(orderKeys.detail(id), (order) =>
        order ? { ...order, [kind === 'invoice' ? 'invoice' : 'creditNote']: document } : order,
      );
    },
  });
}

class ExportError extends Error {
  override readonly name = 'ExportError';
}

/**
 * Downloads the export of exactly `filter` as a file: fetched (so a failure can be told, which
 * a plain link cannot), then saved under the name the server gives.
 */
export async function downloadExport(filter: OrderListFilter, format: ExportFormat): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(filter, format, currentLocale()), {
      credentials: 'same-origin',
    });
  } catch {
    throw new ExportError('network');
  }
  if (!response.ok) throw new ExportError(String(response.status));
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), `orders.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; a minute is ample on a slow phone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
