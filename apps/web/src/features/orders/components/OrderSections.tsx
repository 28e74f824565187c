import {
  formatKg,
  formatRM,
  type InvoiceInfo,
  type OrderDetail,
  type OrderStatus,
  SPECIES,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Steps from 'antd-mobile/es/components/steps';
import PhoneFill from 'antd-mobile-icons/es/PhoneFill';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime';
import { showError } from '../../../lib/errors';
import { currentLocale } from '../../../lib/i18n';
import { buyerRecordText } from '../../../lib/market';
import { toast } from '../../../lib/toast';
import { useGenerateInvoice } from '../api';
import { printPdf } from '../share';
import { canInvoice, isCanceled, percent, upcomingStatuses } from '../status';
import styles from './detail.module.css';

/** Label and value rows. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Items to prepare: what the buyer won, as the merchant packs it. */
export function ItemsCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { item } = order;
  return (
    <section className={styles.card} aria-labelledby="order-items">
      <h2 id="order-items">{t('orderDetail.items')}</h2>
      <p className={styles.itemName}>{item.name}</p>
      <Facts
        rows={[
          [t('orderDetail.species'), SPECIES[item.species][currentLocale()]],
          [t('orderDetail.grade'), item.grade ?? '—'],
          [t('orderDetail.freshness'), t(`freshness.${item.freshness}`)],
          [t('orderDetail.harbor'), item.harbor],
          [t('orderDetail.boat'), item.boatNumber],
          [t('orderDetail.landedAt'), formatDateTime(item.landedAt)],
          [t('orderDetail.quantity'), `${formatKg(item.quantity)} kg`],
          [t('orderDetail.pricePerKg'), t('orderDetail.perKg', { price: formatRM(item.price) })],
          [t('orderDetail.amount'), formatRM(item.amount)],
        ]}
      />
    </section>
  );
}

/**
 * What the buyer paid, the fee, and what the merchant receives. A canceled order has neither fee
 * nor payout (PRODUCT.md §4a): those rows are left out.
 */
export function MoneyCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [[t('orderDetail.subtotal'), formatRM(order.subtotal)]];
  if (order.fee !== null) {
    rows.push([
      t('orderDetail.serviceFee', { rate: percent(order.feeBps) }),
      `-${formatRM(order.fee)}`,
    ]);
  }
  rows.push([
    t('orderDetail.paidAmount'),
    order.paidAmount === null ? '—' : formatRM(order.paidAmount),
  ]);
  if (order.paidAt) rows.push([t('orderDetail.paidAt'), formatDateTime(order.paidAt)]);
  if (order.payout !== null) {
    rows.push(
      [
        t('orderDetail.payout'),
        <strong key="payout" className={styles.payout}>
          {formatRM(order.payout)}
        </strong>,
      ],
      [
        t('orderDetail.payoutStatus'),
        order.payoutStatus ? t(`payoutStatus.${order.payoutStatus}`) : '—',
      ],
    );
  }
  return (
    <section className={styles.card} aria-labelledby="order-money">
      <h2 id="order-money">{t('orderDetail.payment')}</h2>
      <Facts rows={rows} />
      {order.chargedAtDeadline ? (
        <p className={styles.note}>{t('orderDetail.chargedAtDeadline')}</p>
      ) : null}
    </section>
  );
}

const withDownload = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

function EInvoiceLine({ invoice }: { invoice: InvoiceInfo | null }) {
  const { t } = useTranslation();
  const einvoice = invoice?.einvoice;
  if (!einvoice || einvoice.status === 'not_submitted') {
    return <p className={styles.muted}>{t('success.noEInvoice')}</p>;
  }
  const detail = einvoice.status === 'invalid' ? einvoice.error : einvoice.uuid;
  return (
    <p className={styles.einvoice}>
      {t('orderDetail.einvoice', { status: t(`einvoiceStatus.${einvoice.status}`) })}
      {detail ? <small>{detail}</small> : null}
    </p>
  );
}

/** The order's invoice: generate once paid, then view, download or print it; the e-invoice. */
export function InvoiceCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const generate = useGenerateInvoice(order.id);
  const { invoice } = order;
  return (
    <section className={styles.card} aria-labelledby="order-invoice">
      <h2 id="order-invoice">{t('orderDetail.invoice')}</h2>
      {invoice ? (
        <>
          <p className={styles.muted}>
            {t('orderDetail.invoiceNumber', { number: invoice.number })} ·{' '}
            {formatDateTime(invoice.createdAt)}
          </p>
          <div className={styles.buttons}>
            <a className={styles.linkButton} href={invoice.url} target="_blank" rel="noopener">
              {t('orderDetail.viewInvoice')}
            </a>
            <a className={styles.linkButton} href={withDownload(invoice.url)} download>
              {t('orderDetail.download')}
            </a>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => printPdf(invoice.url)}
            >
              {t('orderDetail.print')}
            </button>
          </div>
        </>
      ) : canInvoice(order.status) ? (
        <Button
          color="primary"
          fill="outline"
          loading={generate.isPending}
          onClick={() =>
            generate.mutate(undefined, {
              onSuccess: () => toast(t('success.invoiceReady'), 'success'),
              onError: showError,
            })
          }
        >
          {t('orderDetail.generateInvoice')}
        </Button>
      ) : (
        <p className={styles.muted}>
          {isCanceled(order.status)
            ? t('orderDetail.invoiceCanceled')
            : t('orderDetail.invoiceAfterPayment')}
        </p>
      )}
      <EInvoiceLine invoice={invoice} />
    </section>
  );
}

/** Who to hand the catch to, and a call button. */
export function BuyerCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { buyer } = order;
  return (
    <section className={styles.card} aria-labelledby="order-buyer">
      <h2 id="order-buyer">{t('orderDetail.buyer')}</h2>
      <div className={styles.buyer}>
        <div>
          <p className={styles.buyerName}>{buyer.name ?? t('orderDetail.noName')}</p>
          <p className={styles.muted}>{buyer.maskedPhone}</p>
          <p className={`${styles.record} ${buyer.record.defaults > 0 ? styles.defaulted : ''}`}>
            {buyerRecordText(t, buyer.record)}
          </p>
        </div>
        <a className={styles.call} href={`tel:${buyer.phone}`}>
          <PhoneFill aria-hidden="true" /> {t('orderDetail.call')}
        </a>
      </div>
    </section>
  );
}

/** A cancel in red; the current status highlighted while steps remain; the rest done. */
const stepStatus = (status: OrderStatus, current: boolean, more: boolean) =>
  isCanceled(status) ? 'error' : current && more ? 'process' : 'finish';

/** Every status the order went through, with its time, then the ones still ahead in grey. */
export function TimelineCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const ahead = isCanceled(order.status) ? [] : upcomingStatuses(order.status);
  const done = order.timeline;
  return (
    <section className={styles.card} aria-labelledby="order-timeline">
      <h2 id="order-timeline">{t('orderDetail.timeline')}</h2>
      <Steps direction="vertical" current={done.length - 1} className={styles.steps}>
        {done.map((entry, index) => (
          <Steps.Step
            key={`${entry.status}-${entry.at}`}
            status={stepStatus(entry.status, index === done.length - 1, ahead.length > 0)}
            title={t(`orderStatus.${entry.status}`)}
            description={<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}
          />
        ))}
        {ahead.map((status) => (
          <Steps.Step key={status} status="wait" title={t(`orderStatus.${status}`)} />
        ))}
      </Steps>
    </section>
  );
}
