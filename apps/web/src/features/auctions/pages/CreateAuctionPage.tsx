import { type ErrorCode, type LotDetail, MAX_LOTS_PER_AUCTION } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/datetime';
import { errorText, showError } from '../../../lib/errors';
import { lotDetailPath, PATHS } from '../../../lib/paths';
import { apiErrorCode, isRequestError } from '../../../lib/request';
import { useMerchantInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { boatsQueryOptions, lotQueryOptions, useCreateAuction } from '../api';
import { LotCard } from '../components/LotCard';
import { PageMessage } from '../../../lib/ui/PageMessage';
import styles from '../components/form.module.css';
import {
  clearDraft,
  duplicateLot,
  emptyLot,
  errorKey,
  fieldOfPath,
  type LotDraft,
  type LotErrors,
  type LotField,
  lotFromDetail,
  readDraft,
  saveDraft,
  type StoredDraft,
  validateLots,
} from '../lotDraft';
import { useConfirm } from '../../../lib/ui/useConfirm';

/** Create Auction (spec §2, §3, §5): one or more lots, a local draft, publish. */
export default function CreateAuctionPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const relistId = query.relist ?? '';
  const relist = useQuery({ ...lotQueryOptions(relistId), enabled: relistId !== '' });

  if (!relistId) return <AuctionForm />;
  // A relist opens the form once its lot is here, filled with it.
  if (relist.data) return <AuctionForm key={relistId} relist={relist.data} />;
  return relist.isError ? (
    <PageMessage
      title={errorText(relist.error) ?? t('messages.failed')}
      action={t('common.retry')}
      onAction={() => void relist.refetch()}
    />
  ) : (
    <PageMessage loading title={t('common.loading')} />
  );
}

/** The form; with `relist`, its one lot is that lot again instead of an empty one or a draft. */
function AuctionForm({ relist }: { relist?: LotDetail }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const merchant = useMerchantInfo();
  const merchantId = merchant?.id ?? '';

  const [lots, setLots] = useState<LotDraft[]>(() => [relist ? lotFromDetail(relist) : emptyLot()]);
  const [errors, setErrors] = useState<LotErrors>({});
  const [uploading, setUploading] = useState(0);
  // A draft found on opening is offered once; a relist comes with its own lot instead.
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() =>
    relist ? null : readDraft(merchantId),
  );
  const formRef = useRef<HTMLDivElement>(null);

  const boats = useQuery(boatsQueryOptions());
  const create = useCreateAuction();

  const onBusy = useCallback((delta: number) => setUploading((n) => n + delta), []);

  const clearError = (lot: LotDraft, field: LotField) =>
    setErrors((current) => {
      const key = errorKey(lot, field);
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });

  const change = (lot: LotDraft, field: LotField, update: (lot: LotDraft) => LotDraft) => {
    setLots((current) => current.map((item) => (item.key === lot.key ? update(item) : item)));
    clearError(lot, field);
  };

  const showErrors = (next: LotErrors) => {
    setErrors(next);
    // After the render that shows them: bring the first one into view.
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector('[data-invalid]')
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  };

  const fieldText = (code: ErrorCode | undefined) =>
    code === undefined
      ? undefined
      : code === 'REQUIRED_FIELDS'
        ? t('auctionForm.required')
        : t(`errors.${code}`);

  const onMediaError = (lot: LotDraft, field: 'photos' | 'video', error: unknown) => {
    const code = apiErrorCode(error);
    if (code) setErrors((current) => ({ ...current, [errorKey(lot, field)]: code }));
    else showError(error);
  };

  /** False, with the reason told, when the form already has as many lots as an auction may. */
  const roomForLot = () => {
    if (lots.length < MAX_LOTS_PER_AUCTION) return true;
    toast(t('errors.TOO_MANY_LOTS'));
    return false;
  };

  const addLot = () => {
    if (roomForLot()) setLots((current) => [...current, emptyLot()]);
  };

  const duplicate = (lot: LotDraft) => {
    if (!roomForLot()) return;
    setLots((current) =>
      current.flatMap((item) => (item === lot ? [item, duplicateLot(item)] : [item])),
    );
  };

  const remove = async (lot: LotDraft, index: number) => {
    const confirmed = await confirm({
      content: t('auctionForm.removeLotConfirm', { n: index + 1 }),
      confirmText: t('auctionForm.removeLot'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) setLots((current) => current.filter((item) => item.key !== lot.key));
  };

  /** False, with the reason told, while a photo or the video is still on its way. */
  const uploadsDone = () => {
    if (uploading === 0) return true;
    toast(t('auctionForm.waitForUploads'));
    return false;
  };

  const saveLocally = () => {
    if (!uploadsDone()) return;
    if (saveDraft(merchantId, lots)) toast(t('success.savedLocally'), 'success');
    else toast(t('messages.saveFailed'), 'fail');
  };

  const publish = () => {
    if (!uploadsDone()) return;
    const result = validateLots(lots);
    if (!result.ok) {
      showErrors(result.errors);
      if (result.formError) toast(t(`errors.${result.formError}`));
      return;
    }
    create.mutate(result.data, {
      onSuccess: (answer) => {
        clearDraft();
        toast(t('success.published'), 'success');
        const first = answer.lotIds[0];
        navigate(first ? lotDetailPath(first) : PATHS.home, { replace: true });
      },
      onError: (error) => {
        // A coded answer about one field of one lot shows there too.
        const code = apiErrorCode(error);
        const at =
          code && isRequestError(error) && error.field ? fieldOfPath(error.field.split('.')) : null;
        const lot = at && lots[at.index];
        if (code && at && lot) showErrors({ [errorKey(lot, at.field)]: code });
        showError(error);
      },
    });
  };

  return (
    <div className={styles.screen} ref={formRef}>
      {merchant?.businessStatus === 'verified' ? null : (
        <Notice tone="warning" role="note">
          {t('errors.NOT_VERIFIED')}
        </Notice>
      )}
      {relist ? (
        <Notice tone="info" role="note">
          {t('auctionForm.relisting', { name: relist.name })}
        </Notice>
      ) : null}

      {lots.map((lot, index) => (
        <LotCard
          key={lot.key}
          lot={lot}
          index={index}
          count={lots.length}
          boats={boats}
          errorOf={(field) => fieldText(errors[errorKey(lot, field)])}
          onChange={(field, update) => change(lot, field, update)}
          onMediaError={(field, error) => onMediaError(lot, field, error)}
          onDuplicate={() => duplicate(lot)}
          onRemove={() => void remove(lot, index)}
          onBusy={onBusy}
        />
      ))}

      <Button className={styles.addLot} block fill="outline" color="primary" onClick={addLot}>
        <AddOutline aria-hidden="true" /> {t('auctionForm.addLot')}
      </Button>

      <div className={styles.actions}>
        <Button block size="large" onClick={saveLocally}>
          {t('auctionForm.saveDraft')}
        </Button>
        <Button block size="large" color="primary" loading={create.isPending} onClick={publish}>
          {t('auctionForm.publish')}
        </Button>
      </div>

      <Dialog
        visible={offeredDraft !== null}
        title={t('auctionForm.restoreTitle')}
        content={
          offeredDraft?.savedAt
            ? t('auctionForm.restoreContent', { time: formatDateTime(offeredDraft.savedAt) })
            : null
        }
        closeOnAction
        onClose={() => setOfferedDraft(null)}
        actions={[
          [
            {
              key: 'discard',
              text: t('auctionForm.discardDraft'),
              onClick: () => clearDraft(),
            },
            {
              key: 'restore',
              text: t('auctionForm.restoreDraft'),
              bold: true,
              onClick: () => {
                if (offeredDraft) setLots(offeredDraft.lots);
              },
            },
          ],
        ]}
      />
    </div>
  );
}
