import type { Printer } from '@sm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/errors';
import { currentLocale, translate } from '../../lib/i18n';
import { requestBlob } from '../../lib/request';
import { toast } from '../../lib/toast';
import { printFileUrl, refreshPrinting, serverPrintSlip, serverTestPrint } from './api';
import { BluetoothPrintError, printOverBluetooth } from './bluetooth';
import { printImage } from './systemPrint';

/** What to print: an order's pick-up slip, or the printer's test page. */
export type PrintPage = { orderId: string } | { testPage: true };

/**
 * How the page reached the printer: the server or Bluetooth sent it, the server queued it for a
 * cloud printer to fetch, or a dialog asks the merchant.
 */
export type PrintOutcome = 'sent' | 'queued' | 'dialog';

/**
 * Prints on a printer of the setup, by its kind: a network printer through the server, a cloud
 * printer by a job the server queues for it, a Bluetooth printer from this browser, a system
 * printer through the print dialog. Call it from a tap: the Bluetooth chooser needs the gesture.
 */
export async function printOn(printer: Printer, page: PrintPage): Promise<PrintOutcome> {
  const lang = currentLocale();
  const file = (format: 'bin' | 'png') =>
    requestBlob(
      printFileUrl(
        'orderId' in page ? { orderId: page.orderId } : { testPage: printer.name },
        format,
        printer.paperWidth,
        lang,
      ),
    );
  switch (printer.kind) {
    case 'network':
    case 'cloud': {
      const result = await ('orderId' in page
        ? serverPrintSlip(printer.id, page.orderId, lang)
        : serverTestPrint(printer.id, lang));
      return 'job' in result ? 'queued' : 'sent';
    }
    case 'bluetooth':
      await printOverBluetooth(printer.id, file('bin'));
      return 'sent';
    case 'system':
      await printImage(await file('png'), printer.paperWidth);
      return 'dialog';
  }
}

/** The reason a print failed, in the merchant's language; null when there is nothing to tell. */
function printFailureText(error: unknown): string | null {
  const t = translate;
  if (error instanceof BluetoothPrintError) {
    return error.reason === 'cancelled' ? null : t(`printing.bluetoothFailure.${error.reason}`);
  }
  return errorText(error);
}

/**
 * Prints with a toast for the outcome: sent, or why not. A cloud printer's job then shows where
 * it is (sent to the printer, printed) on the printer's card and the order's page.
 */
export function usePrint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ printer, page }: { printer: Printer; page: PrintPage }) =>
      printOn(printer, page),
    onSuccess: (outcome, { printer }) => {
      if (outcome === 'dialog') return;
      toast(translate('printing.sent', { name: printer.name }), 'success');
      if (outcome === 'queued') refreshPrinting(queryClient);
    },
    onError: (error) => {
      const reason = printFailureText(error);
      if (reason) toast(translate('printing.failed', { reason }), 'fail');
    },
  });
}
