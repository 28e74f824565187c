import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { EditableListPage } from '../../../lib/ui/EditableListPage';
import { Notice } from '../../../lib/ui/Notice';
import { PrinterIcon } from '../../../lib/ui/PrinterIcon';
import { printersQueryOptions, useDeletePrinter } from '../api';
import { PrinterCard } from '../components/PrinterCard';
import { PrinterForm } from '../components/PrinterForm';

/** Printer setup (Profile → Printer setup): network, Bluetooth and system-dialog printers. */
export default function PrinterSetupPage() {
  const { t } = useTranslation();
  return (
    <EditableListPage
      query={useQuery(printersQueryOptions())}
      remove={useDeletePrinter()}
      texts={{
        failed: t('printing.loadFailed'),
        empty: t('printing.empty'),
        emptyHint: t('printing.emptyHint'),
        list: t('printing.listLabel'),
        add: t('printing.add'),
        deleteConfirm: (printer) => t('printing.deleteConfirm', { name: printer.name }),
        delete: t('printing.delete'),
      }}
      emptyIcon={<PrinterIcon />}
      intro={
        <Notice tone="info" role="note">
          {t('printing.intro')}
        </Notice>
      }
      pullToRefresh={false}
      renderItem={(printer, actions) => <PrinterCard printer={printer} {...actions} />}
      renderForm={({ key, item, onDone }) => (
        <PrinterForm key={key} printer={item} onDone={onDone} />
      )}
    />
  );
}
