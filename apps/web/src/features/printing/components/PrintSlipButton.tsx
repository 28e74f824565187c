import type { Printer } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { showError } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { printersQueryOptions } from '../api';
import { usePrint } from '../print';
import { ActionSheet } from '../../../lib/ui/ActionSheet';
import { useConfirm } from '../../../lib/ui/useConfirm';
import { CloudSlipStatus } from './CloudSlipStatus';

/**
 * Prints an order's pick-up slip on the merchant's printer: the only one at once, or the one
 * chosen from a sheet when there are several. With none set up, it offers the setup page. A slip
 * sent to a cloud printer then shows whether it printed.
 */
export function PrintSlipButton({
  orderId,
  block = false,
}: {
  /** The order whose pick-up slip prints. */
  orderId: string;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const printers = useQuery(printersQueryOptions());
  const print = usePrint();
  const [choosing, setChoosing] = useState(false);

  const printOn = (printer: Printer) => print.mutate({ printer, page: { orderId } });

  const start = async () => {
    if (printers.isError) {
      showError(printers.error);
      void printers.refetch();
      return;
    }
    const list = printers.data ?? [];
    const [first] = list;
    if (!first) {
      const setUp = await confirm({
        content: t('printing.noPrinter'),
        confirmText: t('printing.setUp'),
        cancelText: t('common.cancel'),
      });
      if (setUp) void navigate(PATHS.printer);
      return;
    }
    if (list.length === 1) printOn(first);
    else setChoosing(true);
  };

  return (
    <>
      <Button
        block={block}
        fill="outline"
        color="primary"
        loading={print.isPending || printers.isPending}
        onClick={() => void start()}
      >
        {t('printing.print')}
      </Button>
      <CloudSlipStatus orderId={orderId} />
      <ActionSheet
        visible={choosing}
        extra={t('printing.choosePrinter')}
        cancelText={t('common.cancel')}
        actions={(printers.data ?? []).map((printer) => ({
          key: printer.id,
          text: printer.name,
          description: `${t(`printing.kinds.${printer.kind}`)} · ${t('printing.paperMm', {
            width: printer.paperWidth,
          })}`,
        }))}
        onAction={(action) => {
          setChoosing(false);
          const printer = printers.data?.find((p) => p.id === action.key);
          // Straight from the tap: a Bluetooth printer's chooser needs the gesture.
          if (printer) printOn(printer);
        }}
        onClose={() => setChoosing(false)}
      />
    </>
  );
}
