import type {
  Locale,
  PaperWidth,
  Printer,
  PrinterInput,
  PrinterList,
  PrintResult,
} from '@sm/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';

/** Query keys of the feature, in one place: mutations invalidate by them. */
const printingKeys = {
  printers: ['printers'] as const,
};

const printerList = ({ signal }: { signal: AbortSignal }) =>
  request<PrinterList>('/api/printers', { signal });

export const printersQueryOptions = () =>
  queryOptions({
    queryKey: printingKeys.printers,
    queryFn: printerList,
    select: (data) => data.items,
  });

/** Whether this server prints to network printers at all: the same answer as the list. */
export const networkPrintingQueryOptions = () =>
  queryOptions({
    queryKey: printingKeys.printers,
    queryFn: printerList,
    select: (data) => data.networkPrinting,
  });

const printerPath = (id: string) => `/api/printers/${encodeURIComponent(id)}`;

const savePrinter = ({ id, input }: { id?: string; input: PrinterInput }) =>
  request<Printer>(id ? printerPath(id) : '/api/printers', {
    method: id ? 'PUT' : 'POST',
    data: input,
  });

const deletePrinter = (id: string) => request<{ ok: true }>(printerPath(id), { method: 'DELETE' });

const refreshPrinters = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: printingKeys.printers });

export function useSavePrinter() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePrinter, onSuccess: () => refreshPrinters(queryClient) });
}

export function useDeletePrinter() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePrinter, onSuccess: () => refreshPrinters(queryClient) });
}

/** The server prints to a network printer: the test page… */
export const serverTestPrint = (printerId: string, lang: Locale) =>
  request<PrintResult>(`${printerPath(printerId)}/test`, { method: 'POST', data: { lang } });

/** …or an order's pick-up slip. */
export const serverPrintSlip = (printerId: string, orderId: string, lang: Locale) =>
  request<PrintResult>(`${printerPath(printerId)}/print`, {
    method: 'POST',
    data: { orderId, lang },
  });

export type PrintFormat = 'bin' | 'png';

/** Where the app fetches a page to print itself: ESC/POS bytes (Bluetooth) or a PNG (dialog). */
export function printFileUrl(
  page: { orderId: string } | { testPage: string },
  format: PrintFormat,
  paperWidth: PaperWidth,
  lang: Locale,
): string {
  const query = new URLSearchParams({ paperWidth: String(paperWidth), lang });
  if ('testPage' in page) {
    query.set('name', page.testPage);
    return `/api/printers/test-page.${format}?${query}`;
  }
  return `/api/orders/${encodeURIComponent(page.orderId)}/slip.${format}?${query}`;
}
