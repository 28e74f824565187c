import {
  type BoatSummary,
  type ErrorCode,
  type LotDetail,
  MAX_LOTS_PER_AUCTION,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { Dialog } from '../../../lib/ui/Dialog';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useBlocker, useNavigate } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { errorText, showError } from '../../../lib/errors';
import { lazyModule } from '../../../lib/lazyModule';
import { lotDetailPath, PATHS } from '../../../lib/paths';
import { apiErrorCode, isRequestError } from '../../../lib/request';
import { useMerchantInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useChecksForSubmit } from '../../../lib/useChecksForSubmit';
import { Notice } from '../../../lib/ui/Notice';
import { boatsQueryOptions, lotQueryOptions, useCreateAuction } from '../api';
import { type ChangeKind, LotCard } from '../components/LotCard';
import { PageMessage } from '../../../lib/ui/PageMessage';
import styles from '../components/form.module.css';
import {
  clearDraft,
  duplicateLot,
  emptyLot,
  errorAfter,
  errorKey,
  fieldOfPath,
  fieldsToCheck,
  formContent,
  type LotDraft,
  type LotErrors,
  type LotField,
  lotFromDetail,
  nextLot,
  readDraft,
  saveDraft,
  type StoredDraft,
} from '../lotDraft';
import { defaultBoat, readLotMemory, rememberPublished } from '../lotMemory';
import { useConfirm } from '../../../lib/ui/useConfirm';

/** The contract's schema for the lots, with zod: loaded when the form is first focused. */
const lotChecks = lazyModule(() => import('../lotChecks'));

/** Create Auction (spec §2, §3, §5): one or more lots, a local draft, publish. */
export default function CreateAuctionPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const relistId = query.relist ?? '';
  const relist = useQuery({ ...lotQueryOptions(relistId), enabled: relistId !== '' });
  const boats = useQuery(boatsQueryOptions());

  // The form opens once the boats are known (or failed to load), so a new lot starts with its
  // boat; a relist opens once its lot is here, filled with it.
  const ready = !boats.isPending && (!relistId || relist.data);
  if (ready) return <AuctionForm key={relistId} relist={relist.data} boats={boats} />;
  return relistId && relist.isError ? (
    <PageMessage
      title={errorText(relist.error) ?? t('messages.failed')}
      action={t('common.retry')}
      onAction={() => void relist.refetch()}
    />
  ) : (
    <PageMessage loading title={t('common.loading')} />
  );
}

/**
 * The form; with `relist`, its one lot is that lot again instead of an empty one or a draft. It
 * remembers: a new lot starts with the last harbour and the boat (the store's only one, or the
 * last used), the recent species come first, every change is kept as the local draft, and
 * leaving with unpublished input asks first.
 */
function AuctionForm({
  relist,
  boats,
}: {
  relist?: LotDetail | undefined;
  boats: UseQueryResult<BoatSummary[]>;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const merchant = useMerchantInfo();
  const merchantId = merchant?.id ?? '';

  const [memory] = useState(() => readLotMemory(merchantId));
  const defaults = {
    boatId: defaultBoat(boats.data, memory?.boatId),
    harbor: memory?.harbor ?? '',
  };
  const [opened] = useState<LotDraft[]>(() => [
    relist ? lotFromDetail(relist) : emptyLot(new Date(), defaults),
  ]);
  const [lots, setLots] = useState<LotDraft[]>(opened);
  const [errors, setErrors] = useState<LotErrors>({});
  const [uploading, setUploading] = useState(0);
  // A draft found on opening is offered once; a relist comes with its own lot instead.
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() =>
    relist ? null : readDraft(merchantId),
  );
  const formRef = useRef<HTMLDivElement>(null);

  const create = useCreateAuction();

  // Input is what differs from the form as it opened (prefilled values are not input).
  const content = useMemo(() => formContent(lots), [lots]);
  const openedContent = useMemo(() => formContent(opened), [opened]);
  const hasInput = content !== openedContent;

  // Every change is the local draft at once, so nothing typed is lost to Back, a reload or a
  // closed tab. A draft offered on opening waits for the merchant's answer; a form taken back to
  // how it opened takes back the draft this visit wrote (never an older one it did not touch).
  const wroteDraft = useRef(false);
  useEffect(() => {
    if (offeredDraft) return;
    if (hasInput) {
      if (saveDraft(merchantId, lots)) wroteDraft.current = true;
    } else if (wroteDraft.current) {
      clearDraft();
      wroteDraft.current = false;
    }
  }, [content, hasInput, lots, merchantId, offeredDraft]);

  // Leaving with unpublished input asks first (the header's Back, the phone's, a link); publishing
  // leaves without asking.
  const published = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasInput && !published.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const onBusy = useCallback((delta: number) => setUploading((n) => n + delta), []);

  /** Each of `fields` of `lot` shows what it is wrong with now, as `kind` allows (errorAfter). */
  const judge = (lot: LotDraft, fields: LotField[], kind: ChangeKind | 'leaving') => {
    const checks = lotChecks.loaded();
    if (!checks) {
      // A change made while the schema is on its way is judged when it comes; offline, Publish
      // says so, and checks everything once the schema is here.
      lotChecks.load().then(
        () => judge(lot, fields, kind),
        () => {},
      );
      return;
    }
    setErrors((current) => {
      let next = current;
      for (const field of fields) {
        const key = errorKey(lot, field);
        const code = errorAfter(kind, current[key], checks.fieldCode(lot, field));
        if (code === current[key]) continue;
        if (next === current) next = { ...current };
        if (code) next[key] = code;
        else delete next[key];
      }
      return next;
    });
  };

  const change = (
    lot: LotDraft,
    field: LotField,
    update: (lot: LotDraft) => LotDraft,
    kind: ChangeKind,
  ) => {
    setLots((current) => current.map((item) => (item.key === lot.key ? update(item) : item)));
    judge(update(lot), fieldsToCheck(field), kind);
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

  /** False, with the reason told, when the form already has as many lots as an auction may. */
  const roomForLot = () => {
    if (lots.length < MAX_LOTS_PER_AUCTION) return true;
    toast(t('errors.TOO_MANY_LOTS'));
    return false;
  };

  /** The next lot of the same catch, from the lot above (nextLot); the first from the defaults. */
  const addLot = () => {
    if (!roomForLot()) return;
    setLots((current) => {
      const above = current.at(-1);
      return [...current, above ? nextLot(above) : emptyLot(new Date(), defaults)];
    });
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

  const checks = useChecksForSubmit(lotChecks);
  const publish = async () => {
    if (!uploadsDone()) return;
    const loaded = await checks.forSubmit();
    if (!loaded) return;
    const result = loaded.validateLots(lots);
    if (!result.ok) {
      showErrors(result.errors);
      if (result.formError) toast(t(`errors.${result.formError}`));
      return;
    }
    create.mutate(result.data, {
      onSuccess: (answer) => {
        published.current = true;
        rememberPublished(merchantId, lots);
        clearDraft();
        toast(t('success.published'), 'success');
        const first = answer.lotIds[0];
        void navigate(first ? lotDetailPath(first) : PATHS.home, { replace: true });
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
    <div className={styles.screen} ref={formRef} onFocus={checks.preload}>
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
          recentSpecies={memory?.recentSpecies ?? []}
          errorOf={(field) => fieldText(errors[errorKey(lot, field)])}
          onChange={(field, update, kind) => change(lot, field, update, kind)}
          onLeave={(field) => judge(lot, fieldsToCheck(field), 'leaving')}
          onDuplicate={() => duplicate(lot)}
          onRemove={() => void remove(lot, index)}
          onBusy={onBusy}
        />
      ))}

      <Button
        className={styles.addLot}
        block
        fill="outline"
        color="primary"
        onClick={addLot}
        aria-describedby="add-lot-hint"
      >
        <AddOutline aria-hidden="true" /> {t('auctionForm.addLot')}
      </Button>
      <p id="add-lot-hint" className={styles.addLotHint}>
        {t('auctionForm.addLotHint')}
      </p>

      <div className={styles.actions}>
        <Button block size="large" onClick={saveLocally}>
          {t('auctionForm.saveDraft')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={create.isPending}
          onClick={() => void publish()}
        >
          {t('auctionForm.publish')}
        </Button>
      </div>

      <Dialog
        visible={offeredDraft !== null}
        aria-label={t('auctionForm.restoreTitle')}
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

      <Dialog
        visible={blocker.state === 'blocked'}
        aria-label={t('auctionForm.leaveTitle')}
        title={t('auctionForm.leaveTitle')}
        content={t('auctionForm.leaveContent')}
        actions={[
          {
            key: 'keep',
            text: t('auctionForm.leaveKeep'),
            bold: true,
            onClick: () => {
              saveDraft(merchantId, lots);
              blocker.proceed?.();
            },
          },
          {
            key: 'discard',
            text: t('auctionForm.discardDraft'),
            danger: true,
            onClick: () => {
              clearDraft();
              blocker.proceed?.();
            },
          },
          { key: 'stay', text: t('auctionForm.leaveStay'), onClick: () => blocker.reset?.() },
        ]}
      />
    </div>
  );
}
