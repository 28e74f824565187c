import type { Printer } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { printersQueryOptions, useDeletePrinter } from '../api';
import { PrinterCard } from '../components/PrinterCard';
import { PrinterForm } from '../components/PrinterForm';
import styles from '../components/printing.module.css';
import { useConfirm } from '../../../lib/ui/useConfirm';
import { PrinterIcon } from '../../../lib/ui/PrinterIcon';

/** The sheet's state: which printer it edits (null: a new one), and a key per opening. */
interface Sheet {
  open: boolean;
  printer: Printer | null;
  key: number;
}

/** Printer setup (Profile → Printer setup): network, Bluetooth and system-dialog printers. */
export default function PrinterSetupPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const printers = useQuery(printersQueryOptions());
  const remove = useDeletePrinter();
  const [sheet, setSheet] = useState<Sheet>({ open: false, printer: null, key: 0 });

  // The sheet keeps its last printer while it slides away; a new key starts a fresh form.
  const openSheet = (printer: Printer | null) =>
    setSheet((current) => ({ open: true, printer, key: current.key + 1 }));
  const closeSheet = () => setSheet((current) => ({ ...current, open: false }));

  const confirmDelete = async (printer: Printer) => {
    const confirmed = await confirm({
      content: t('printing.deleteConfirm', { name: printer.name }),
      confirmText: t('printing.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(printer.id, {
      onSuccess: () => toast(t('success.deleted'), 'success'),
      onError: showError,
    });
  };

  const addButton = (
    <Button
      className={styles.add}
      block
      size="large"
      color="primary"
      onClick={() => openSheet(null)}
    >
      <AddOutline aria-hidden="true" /> {t('printing.add')}
    </Button>
  );

  let content;
  if (printers.isPending) {
    content = <PageMessage className={styles.state} loading title={t('common.loading')} />;
  } else if (printers.isError) {
    content = (
      <PageMessage
        className={styles.state}
        title={t('printing.loadFailed')}
        description={errorText(printers.error) ?? t('messages.failed')}
        action={t('common.retry')}
        onAction={() => void printers.refetch()}
      />
    );
  } else if (printers.data.length === 0) {
    content = (
      <PageMessage
        className={styles.state}
        icon={<PrinterIcon />}
        title={t('printing.empty')}
        description={t('printing.emptyHint')}
      >
        {addButton}
      </PageMessage>
    );
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label={t('printing.listLabel')}>
          {printers.data.map((printer) => (
            <PrinterCard
              key={printer.id}
              printer={printer}
              onEdit={() => openSheet(printer)}
              onDelete={() => void confirmDelete(printer)}
            />
          ))}
        </ul>
        {addButton}
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <Notice tone="info" role="note">
        {t('printing.intro')}
      </Notice>
      {content}
      <Popup
        visible={sheet.open}
        onMaskClick={closeSheet}
        onClose={closeSheet}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <PrinterForm key={sheet.key} printer={sheet.printer} onDone={closeSheet} />
      </Popup>
    </div>
  );
}
