import { EXPORT_FORMATS, type ExportFormat } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ActionSheet } from '../../../lib/ui/ActionSheet';
import { downloadExport } from '../api';
import type { OrderListFilter } from '../filter';
import styles from './orders.module.css';

/** Export: the orders the current tab, period and search select, as CSV or XLSX. */
export function ExportButton({ filter }: { filter: OrderListFilter }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Declarative, so the sheet belongs to the page: Back closes it with the page.
  const [choosing, setChoosing] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadExport(filter, format);
    } catch {
      toast(t('messages.exportFailed'), 'fail');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        className={styles.export}
        size="small"
        fill="outline"
        color="primary"
        loading={busy}
        onClick={() => setChoosing(true)}
      >
        <DownlandOutline aria-hidden="true" /> {t('orders.export')}
      </Button>
      <ActionSheet
        visible={choosing}
        extra={t('orders.exportTitle')}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={() => setChoosing(false)}
        actions={EXPORT_FORMATS.map((format) => ({
          key: format,
          text: t(`orders.exportAs.${format}`),
          onClick: () => void run(format),
        }))}
      />
    </>
  );
}
