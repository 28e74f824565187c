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
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { showError } from '../../../lib/errors';
import { buyerRecordText } from '../../../lib/market';
import { PATHS } from '../../../lib/paths';
import { missingFieldNames } from '../../../lib/taxFields';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { useGenerateInvoice, useResubmitEInvoice } from '../api';
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
  const { t, locale } = useTranslation();
  const { item } = order;
  return (
    <section className={styles.card} aria-labelledby="order-items">
      <h2 id="order-items">{t('orderDetail.items')}</h2>
      <p className={styles.itemName}>{item.name}</p>
      <Facts
        rows={[
          [t('orderDetail.species'), SPECIES[item.species][locale]],
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

/** View, download and print a stored PDF (an invoice or a credit note). */
function PdfButtons({ url, viewText }: { url: string; viewText: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.buttons}>
      <a className={styles.linkButton} href={url} target="_blank" rel="noopener">
        {viewText}
      </a>
      <a className={styles.linkButton} href={withDownload(url)} download>
        {t('orderDetail.download')}
      </a>
      <button type="button" className={styles.linkButton} onClick={() => printPdf(url)}>
        {t('orderDetail.print')}
      </button>
    </div>
  );
}

type EInvoice = InvoiceInfo['einvoice'];

/**
 * Whether the merchant can send a document's e-invoice (again): MyInvois refused it, it waited
 * for tax details the merchant may since have completed, or an invoice's never reached MyInvois
 * (a credit note's may instead be waiting for its invoice's to be Valid).
 */
const canResubmit = ({ kind, einvoice }: InvoiceInfo) =>
  einvoice.status === 'invalid' ||
  (einvoice.status === 'not_submitted' &&
    (einvoice.missing.length > 0 || (kind === 'invoice' && einvoice.error !== null)));

/** Submit (again); the toast says where the e-invoice now stands. */
function ResubmitButton({ orderId, document }: { orderId: string; document: InvoiceInfo }) {
  const { t } = useTranslation();
  const resubmit = useResubmitEInvoice(orderId, document.kind);
  const { einvoice } = document;
  const first = einvoice.status === 'not_submitted' && einvoice.missing.length > 0;
  return (
    <Button
      color="primary"
      fill="outline"
      loading={resubmit.isPending}
      onClick={() =>
        resubmit.mutate(undefined, {
          onSuccess: (answer) =>
            toast(
              t('orderDetail.einvoice', {
                status: t(`einvoiceStatus.${answer.einvoice.status}`),
              }),
            ),
          onError: showError,
        })
      }
    >
      {first ? t('orderDetail.einvoiceSubmit') : t('orderDetail.einvoiceSubmitAgain')}
    </Button>
  );
}

/** What the merchant can do about a document's e-invoice, if anything. */
function EInvoiceAction({ orderId, document }: { orderId: string; document: InvoiceInfo }) {
  const { t } = useTranslation();
  if (!canResubmit(document)) return null;
  const { einvoice } = document;
  const unsent = einvoice.status === 'not_submitted' && einvoice.missing.length === 0;
  return (
    <>
      {unsent ? <p className={styles.note}>{t('orderDetail.einvoiceNotSent')}</p> : null}
      <ResubmitButton orderId={orderId} document={document} />
    </>
  );
}

/**
 * A document's e-invoice at MyInvois (PRODUCT.md §5a), in words: Not submitted (with the tax
 * details it waits for, and the way to them), Submitted, Valid (long ID and validation link),
 * Invalid (MyInvois's reasons), Cancelled; 'No E-Invoice' while MyInvois is not set up. `action`
 * is what the merchant can do about it.
 */
function EInvoiceStatus({ einvoice, action }: { einvoice: EInvoice; action?: ReactNode }) {
  const { t } = useTranslation();
  const { status } = einvoice;
  // Nothing missing and nothing failed, yet not submitted: MyInvois is not set up (spec §5).
  const none = status === 'not_submitted' && einvoice.missing.length === 0 && !einvoice.error;
  return (
    <div className={styles.einvoice}>
      <p className={styles.einvoiceStatus} data-status={status}>
        {none
          ? t('success.noEInvoice')
          : t('orderDetail.einvoice', { status: t(`einvoiceStatus.${status}`) })}
      </p>
      {status === 'valid' ? (
        <>
          {einvoice.longId ? (
            <p className={styles.longId}>
              {t('orderDetail.einvoiceLongId')}: <code>{einvoice.longId}</code>
            </p>
          ) : null}
          {einvoice.validatedAt ? (
            <small>
              {t('orderDetail.einvoiceValidatedAt', { time: formatDateTime(einvoice.validatedAt) })}
            </small>
          ) : null}
          {einvoice.validationUrl ? (
            <a
              className={styles.textLink}
              href={einvoice.validationUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('orderDetail.openValidationLink')}
            </a>
          ) : null}
        </>
      ) : null}
      {status === 'invalid' && einvoice.reasons.length > 0 ? (
        <>
          <p className={styles.reasonsTitle}>{t('orderDetail.einvoiceReasons')}</p>
          <ul className={styles.reasons}>
            {einvoice.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
      {status === 'not_submitted' && einvoice.missing.length > 0 ? (
        <Notice tone="warning">
          {t('orderDetail.einvoiceMissing', { fields: missingFieldNames(einvoice.missing, t) })}{' '}
          <Link to={PATHS.taxDetails}>{t('orderDetail.openTaxDetails')}</Link>
        </Notice>
      ) : null}
      {action}
    </div>
  );
}

/** The order's invoice: generate once paid, then view, download or print it; its e-invoice. */
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
            {formatDateTime(invoice.createdAt)} ·{' '}
            <span className={styles.amount}>{formatRM(invoice.amount)}</span>
          </p>
          <PdfButtons url={invoice.url} viewText={t('orderDetail.viewInvoice')} />
          <EInvoiceStatus
            einvoice={invoice.einvoice}
            action={<EInvoiceAction orderId={order.id} document={invoice} />}
          />
        </>
      ) : (
        <>
          {canInvoice(order.status) ? (
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
          <p className={styles.muted}>{t('success.noEInvoice')}</p>
        </>
      )}
    </section>
  );
}

/**
 * The credit note of a refund made after the e-invoice could no longer be cancelled: its own
 * number, amount, PDF and e-invoice (PRODUCT.md §5a).
 */
export function CreditNoteCard({
  orderId,
  creditNote,
}: {
  orderId: string;
  creditNote: InvoiceInfo;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="order-credit-note">
      <h2 id="order-credit-note">{t('orderDetail.creditNote')}</h2>
      <p className={styles.muted}>
        {t('orderDetail.creditNoteNumber', { number: creditNote.number })} ·{' '}
        {formatDateTime(creditNote.createdAt)} ·{' '}
        <span className={styles.amount}>{formatRM(creditNote.amount)}</span>
      </p>
      <p className={styles.note}>{t('orderDetail.creditNoteHint')}</p>
      <PdfButtons url={creditNote.url} viewText={t('orderDetail.viewCreditNote')} />
      <EInvoiceStatus
        einvoice={creditNote.einvoice}
        action={<EInvoiceAction orderId={orderId} document={creditNote} />}
      />
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
