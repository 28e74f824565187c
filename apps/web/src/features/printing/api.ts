import type { Locale, PaperWidth, PrinterInput, PrinterList, PrintJob } from '@sm/contract';
import { printingApi } from '@sm/contract/route-table';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '../../lib/api';

/** Query keys of the feature, in one place: mutations and live events invalidate by them. */
export const printingKeys = {
  printers: ['printers'] as const,
  jobs: ['print-jobs'] as const,
};

const printerList = ({ signal }: { signal: AbortSignal }) => api(printingApi.list, { signal });

/**
 * A cloud printer goes offline by saying nothing: while one is listed, the list is asked again
 * this often (its state comes from the server's clock, not the phone's).
 */
const CLOUD_REFRESH_MS = 15_000;
const hasCloudPrinter = (data: PrinterList | undefined) =>
  data?.items.some((p) => p.kind === 'cloud') ?? false;

export const printersQueryOptions = () =>
  queryOptions({
    queryKey: printingKeys.printers,
    queryFn: printerList,
    select: (data) => data.items,
    refetchInterval: (query) => (hasCloudPrinter(query.state.data) ? CLOUD_REFRESH_MS : false),
  });

/** Whether this server prints to network printers at all: the same answer as the list. */
export const networkPrintingQueryOptions = () =>
  queryOptions({
    queryKey: printingKeys.printers,
    queryFn: printerList,
    select: (data) => data.networkPrinting,
  });

const savePrinter = ({ id, input }: { id?: string; input: PrinterInput }) =>
  id
    ? api(printingApi.update, { params: { id }, body: input })
    : api(printingApi.create, { body: input });

const deletePrinter = (id: string) => api(printingApi.delete, { params: { id } });

const refreshPrinters = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: printingKeys.printers });

/** Cloud print jobs still moving are asked again this often, beside the live events. */
const OPEN_JOB_REFRESH_MS = 10_000;
const isOpen = (job: PrintJob) => job.state === 'queued' || job.state === 'sent';

/** The latest cloud print jobs of one order or one printer, newest first. */
export const printJobsQueryOptions = (filter: { orderId?: string; printerId?: string }) =>
  queryOptions({
    queryKey: [...printingKeys.jobs, filter],
    queryFn: ({ signal }) => api(printingApi.jobs, { signal, query: filter }),
    select: (data) => data.items,
    refetchInterval: (query) =>
      query.state.data?.items.some(isOpen) ? OPEN_JOB_REFRESH_MS : false,
  });

/** After a print was queued or a printer or job changed: what shows them asks again. */
export function refreshPrinting(queryClient: QueryClient) {
  void refreshPrinters(queryClient);
  void queryClient.invalidateQueries({ queryKey: printingKeys.jobs });
}

export function useSavePrinter() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePrinter, onSuccess: () => refreshPrinters(queryClient) });
}

export function useDeletePrinter() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePrinter, onSuccess: () => refreshPrinters(queryClient) });
}

/** The server prints to a network printer (or queues for a cloud one): the test page… */
export const serverTestPrint = (printerId: string, lang: Locale) =>
  api(printingApi.test, { params: { id: printerId }, body: { lang } });

/** …or an order's pick-up slip. */
export const serverPrintSlip = (printerId: string, orderId: string, lang: Locale) =>
  api(printingApi.print, {
    params: { id: printerId },
    body: { orderId, lang },
  });

export type PrintFormat = 'bin' | 'png';

/** Where the app fetches a page to print itself: ESC/POS bytes (Bluetooth) or a PNG (dialog). */
export function printFileUrl(
  page: { orderId: string } | { testPage: string },
  format: PrintFormat,
  paperWidth: PaperWidth,
  lang: Locale,
): string {
  const bin = format === 'bin';
  if ('testPage' in page) {
    const query = { paperWidth, lang, name: page.testPage };
    return bin
      ? pathOf(printingApi.testPageBin, { query })
      : pathOf(printingApi.testPagePng, { query });
  }
  const input = { params: { id: page.orderId }, query: { paperWidth, lang } };
  return bin ? pathOf(printingApi.slipBin, input) : pathOf(printingApi.slipPng, input);
}
