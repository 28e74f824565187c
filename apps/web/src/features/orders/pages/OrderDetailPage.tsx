import { formatRM, type FulfilmentStatus, type OrderDetail } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { formatDateTime, serverOffset } from '../../../lib/datetime';
import { errorText, showError } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { orderQueryOptions, orderShareUrl, useAdvanceOrder, useCancelOrder } from '../api';
import styles from '../components/detail.module.css';
import {
  BuyerCard,
  CreditNoteCard,
  InvoiceCard,
  ItemsCard,
  MoneyCard,
  TimelineCard,
} from '../components/OrderSections';
import { OrderStatusTag } from '../../../lib/ui/OrderStatusTag';
import { Countdown } from '../../../lib/ui/Countdown';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import states from '../../../lib/ui/PageMessage.module.css';
import { copyText } from '../../../lib/clipboard';
import { merchantActions } from '../status';
import { useConfirm } from '../../../lib/ui/useConfirm';

export interface OrderDetailPageProps {
  query: Record<string, string>;
  /**
   * A print-slip button for this order, rendered with the actions. The app shell passes it (from
   * the printing feature); features do not import each other.
   */
  slipAction?: (orderId: string) => ReactNode;
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <div key={row} className={`${states.skeleton} ${styles.cardSkeleton}`} />
      ))}
    </div>
  );
}

function Summary({ order, receivedAt }: { order: OrderDetail; receivedAt: number }) {
  const { t } = useTranslation();
  const copyLink = async () => {
    const copied = await copyText(orderShareUrl(window.location.origin, order.id));
    if (copied) toast(t('success.copiedLink'), 'success');
    else toast(t('messages.failed'), 'fail');
  };
  return (
    <section className={styles.card} aria-labelledby="order-number">
      <div className={styles.titleRow}>
        <h2 id="order-number">{t('orderDetail.order', { number: order.number })}</h2>
        <OrderStatusTag status={order.status} />
      </div>
      <p className={styles.muted}>
        {t('orderDetail.createdAt', { time: formatDateTime(order.createdAt) })}
        <br />
        {t('orderDetail.batch', { batch: order.batchNumber })}
      </p>
      {order.cancelReason ? (
        <Notice tone={order.cancelReason === 'default' ? 'warning' : 'muted'}>
          {order.cancelReason === 'default'
            ? t('orderDetail.cancelDefault')
            : t('orderDetail.cancelMerchant')}
        </Notice>
      ) : null}
      {order.status === 'pending_payment' ? (
        <div className={styles.payBy}>
          <Countdown
            until={order.payBy}
            offset={serverOffset(order.serverNow, receivedAt)}
            running={(time) => t('orderDetail.payWithin', { time })}
            over={t('orderDetail.payOverdue')}
          />
          <span className={styles.muted}>
            {t('orderDetail.payBy', { time: formatDateTime(order.payBy) })}
          </span>
        </div>
      ) : null}
      <div className={styles.summaryFoot}>
        <strong className={styles.total}>{formatRM(order.subtotal)}</strong>
        <Button size="small" fill="none" color="primary" onClick={() => void copyLink()}>
          <LinkOutline aria-hidden="true" /> {t('orderDetail.copyLink')}
        </Button>
      </div>
    </section>
  );
}

/** The merchant's moves at this status, from the contract's state machine, and the slip slot. */
function Actions({
  order,
  slipAction,
  onConflict,
}: {
  order: OrderDetail;
  slipAction?: (orderId: string) => ReactNode;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const advance = useAdvanceOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const { next, cancel: cancelTo, slip: slipAllowed } = merchantActions(order.status);
  const slip = slipAllowed ? slipAction?.(order.id) : null;
  if (!next && !cancelTo && !slip) return null;

  const failed = (error: unknown) => {
    showError(error);
    // Someone (the buyer, the deadline, another phone) moved it first: show where it is now.
    if (apiErrorCode(error) === 'ORDER_STATUS_CONFLICT') onConflict();
  };

  const step = async (status: FulfilmentStatus) => {
    const confirmed = await confirm({
      title: t(`orderDetail.confirmStep.${status}`, { number: order.number }),
      content: t(`orderDetail.confirmStepNote.${status}`),
      confirmText: t(`orderDetail.next.${status}`),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    advance.mutate(status, {
      onSuccess: () => toast(t('success.updated'), 'success'),
      onError: failed,
    });
  };

  const cancelOrder = async () => {
    const confirmed = await confirm({
      title: t('orderDetail.confirmCancelTitle', { number: order.number }),
      danger: true,
      content:
        cancelTo === 'canceled_refunded'
          ? t('orderDetail.confirmCancelRefund')
          : t('orderDetail.confirmCancel'),
      confirmText: t('orderDetail.cancelOrder'),
      cancelText: t('orderDetail.keepOrder'),
    });
    if (!confirmed) return;
    cancel.mutate(undefined, {
      onSuccess: () => toast(t('success.updated'), 'success'),
      onError: failed,
    });
  };

  const busy = advance.isPending || cancel.isPending;
  return (
    <div className={styles.actions} role="group" aria-label={t('orderDetail.actions')}>
      {slip}
      {cancelTo ? (
        <Button
          color="danger"
          fill="outline"
          disabled={busy}
          loading={cancel.isPending}
          onClick={() => void cancelOrder()}
        >
          {t('orderDetail.cancelOrder')}
        </Button>
      ) : null}
      {next ? (
        <Button
          color="primary"
          disabled={busy}
          loading={advance.isPending}
          onClick={() => void step(next)}
        >
          {t(`orderDetail.next.${next}`)}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Order detail (spec §2): the items to prepare, money and payout, invoice and e-invoice, the
 * buyer, the status timeline, and the merchant's next move.
 */
export default function OrderDetailPage({ query, slipAction }: OrderDetailPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = query.id ?? '';
  const order = useQuery({ ...orderQueryOptions(id), enabled: id !== '' });

  const notFound = () => (
    <PageMessage
      icon={<BillOutline />}
      title={t('orderDetail.notFound')}
      action={t('orderDetail.backToOrders')}
      onAction={() => void navigate(PATHS.orders, { replace: true })}
    />
  );
  if (!id) return notFound();
  if (order.data) {
    const data = order.data;
    return (
      <div className={styles.screen}>
        <Summary order={data} receivedAt={order.dataUpdatedAt} />
        <ItemsCard order={data} />
        <MoneyCard order={data} />
        <InvoiceCard order={data} />
        {data.creditNote ? <CreditNoteCard orderId={data.id} creditNote={data.creditNote} /> : null}
        <BuyerCard order={data} />
        <TimelineCard order={data} />
        <Actions order={data} slipAction={slipAction} onConflict={() => void order.refetch()} />
      </div>
    );
  }
  if (order.isError) {
    const code = apiErrorCode(order.error);
    if (code === 'NOT_FOUND' || code === 'INVALID_ID') return notFound();
    return (
      <PageMessage
        title={errorText(order.error) ?? t('messages.failed')}
        action={t('common.retry')}
        onAction={() => void order.refetch()}
      />
    );
  }
  return <DetailSkeleton />;
}
