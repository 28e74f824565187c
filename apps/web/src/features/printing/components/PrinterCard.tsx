import type { CloudPrinterState, Printer } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { listItemStyles } from '../../../lib/ui/EditableListPage';
import { Notice } from '../../../lib/ui/Notice';
import { StatusPill } from '../../../lib/ui/StatusPill';
import { networkPrintingQueryOptions } from '../api';
import { bluetoothSupported } from '../bluetooth';
import { usePrint } from '../print';
import { CloudPrinterDetails } from './CloudPrinterDetails';
import styles from './printing.module.css';

const STATE_COLOR: Record<CloudPrinterState, 'success' | 'default' | 'warning' | 'danger'> = {
  waiting: 'default',
  online: 'success',
  offline: 'default',
  cover_open: 'danger',
  paper_out: 'danger',
  error: 'danger',
  paper_low: 'warning',
};

/** A cloud printer's state as its last poll told it: online, paper out, offline… */
function CloudState({ printer }: { printer: Printer }) {
  const { t } = useTranslation();
  const cloud = printer.cloud;
  if (!cloud) return null;
  const label =
    cloud.state === 'error' && cloud.statusCode
      ? t('printing.cloud.errorCode', { code: cloud.statusCode })
      : t(`printing.cloud.states.${cloud.state}`);
  return (
    <StatusPill
      color={STATE_COLOR[cloud.state]}
      fill={cloud.state === 'online' ? 'solid' : 'outline'}
    >
      {label}
    </StatusPill>
  );
}

/**
 * One printer of the setup: what it is (for a cloud printer, its state, how to set it up and its
 * latest jobs), and Test print, Edit, Delete.
 */
export function PrinterCard({
  printer,
  onEdit,
  onDelete,
}: {
  printer: Printer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const print = usePrint();
  const networkOff = useQuery(networkPrintingQueryOptions()).data === false;
  const unsupported = printer.kind === 'bluetooth' && !bluetoothSupported();
  const serverOff = printer.kind === 'network' && networkOff;
  const headingId = `printer-${printer.id}`;

  return (
    <li className={`${listItemStyles.card} ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId}>{printer.name}</h2>
        <Tag color="primary" fill="outline">
          {t(`printing.kinds.${printer.kind}`)}
        </Tag>
        {printer.kind === 'cloud' ? <CloudState printer={printer} /> : null}
      </div>
      {printer.kind === 'cloud' ? (
        <CloudPrinterDetails printer={printer} />
      ) : (
        <p className={styles.meta}>
          <span>{t('printing.paperMm', { width: printer.paperWidth })}</span>
          {printer.kind === 'network' ? (
            <span>
              {printer.host}:{printer.port}
            </span>
          ) : null}
        </p>
      )}
      {unsupported ? <Notice tone="warning">{t('printing.bluetoothUnsupported')}</Notice> : null}
      {serverOff ? <Notice tone="warning">{t('errors.LAN_PRINTING_OFF')}</Notice> : null}
      <div className={listItemStyles.actions}>
        <Button
          className={styles.grow}
          size="small"
          color="primary"
          fill="outline"
          disabled={unsupported || serverOff}
          loading={print.isPending}
          onClick={() => print.mutate({ printer, page: { testPage: true } })}
        >
          {t('printing.test')}
        </Button>
        <Button size="small" fill="none" color="primary" onClick={onEdit}>
          {t('printing.edit')}
        </Button>
        <Button size="small" fill="none" color="danger" onClick={onDelete}>
          {t('printing.delete')}
        </Button>
      </div>
    </li>
  );
}
