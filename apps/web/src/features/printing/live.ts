import type { MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { refreshPrinting } from './api';

/** A cloud printer's poll changed its state, or a job moved: the printers and jobs refresh. */
export function applyPrintingEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  if (batch.some((e) => e.type === 'printer_updated' || e.type === 'print_failed')) {
    refreshPrinting(queryClient);
  }
}

export { refreshPrinting };
