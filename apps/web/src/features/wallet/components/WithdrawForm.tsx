import { formatRM, type MerchantWalletResponse, MIN_WITHDRAWAL, senToInput } from '@sm/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { showError } from '../../../lib/errors';
import { useFieldForm } from '../../../lib/form';
import { PATHS } from '../../../lib/paths';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { SheetForm } from '../../../lib/ui/SheetForm';
import { TextField } from '../../../lib/ui/TextField';
import { useWithdraw } from '../api';
import {
  type AmountError,
  attemptKeys,
  checkAmount,
  isAmountError,
  type WithdrawBlock,
  withdrawBlocks,
} from '../withdraw';
import styles from './wallet.module.css';

/** Why no withdrawal can be made now, and what to do about it. */
function BlockNotice({ block, wallet }: { block: WithdrawBlock; wallet: MerchantWalletResponse }) {
  const { t } = useTranslation();
  const toBank = block === 'BANK_ACCOUNT_REQUIRED' || block === 'BANK_ACCOUNT_NOT_VERIFIED';
  return (
    <Notice tone="warning">
      {t(`errors.${block}`)}
      {/* A second sentence on its own line: the error texts end without a full stop. */}
      {block === 'WITHDRAWAL_TOO_SOON' && wallet.nextWithdrawalAt ? (
        <>
          <br />
          {t('wallet.nextWithdrawal', { time: formatDateTime(wallet.nextWithdrawalAt) })}
        </>
      ) : null}
      {block === 'WITHDRAWAL_BELOW_MINIMUM' ? (
        <>
          <br />
          {wallet.upcomingPayout > 0
            ? t('wallet.belowMinimumPayouts', {
                amount: formatRM(wallet.balance),
                upcoming: formatRM(wallet.upcomingPayout),
              })
            : t('wallet.belowMinimum', { amount: formatRM(wallet.balance) })}
        </>
      ) : null}
      {toBank ? (
        <>
          {' '}
          <Link to={PATHS.bankAccount}>{t('wallet.goToBank')}</Link>
        </>
      ) : null}
    </Notice>
  );
}

const AMOUNT_FIELDS = ['amount'] as const;

/**
 * The withdraw sheet: the amount (at most the balance, or all of it), where it is paid, the rules,
 * and what stops a withdrawal now. The contract's rules are checked here first, with the same coded
 * messages the API answers.
 */
export default function WithdrawForm({
  wallet,
  onDone,
}: {
  wallet: MerchantWalletResponse;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdraw();
  const form = useFieldForm({ amount: '' }, AMOUNT_FIELDS, {
    requiredText: () => t('wallet.amountRequired'),
  });
  const typed = form.values.amount;
  const setError = (code: AmountError) => form.setErrors({ amount: code });
  // One key per intent, kept across retries of the same amount (see attemptKeys).
  const [keys] = useState(() => attemptKeys());
  const blocks = withdrawBlocks(wallet);
  const blocked = blocks.length > 0;
  const bank = wallet.bankAccount;

  const change = (value: string) => form.set('amount', value);

  // The sheet holds a submit while saving or blocked (the blocks show above the amount).
  const submit = () => {
    const check = checkAmount(typed, wallet.balance);
    if (!check.ok) {
      setError(check.code);
      return;
    }
    withdraw.mutate(
      { amount: check.amount, idempotencyKey: keys.keyFor(check.amount) },
      {
        onSuccess: () => {
          keys.done();
          toast(t('success.submittedForReview'), 'success');
          onDone();
        },
        onError: (failure) => {
          const code = apiErrorCode(failure);
          if (isAmountError(code)) setError(code);
          else showError(failure);
        },
      },
    );
  };

  return (
    <SheetForm
      className={styles.sheet}
      title={t('wallet.withdrawTitle')}
      submitText={t('wallet.submit')}
      saving={withdraw.isPending}
      disabled={blocked}
      onSubmit={submit}
      onCancel={onDone}
    >
      {blocked ? (
        <div className={styles.blocks}>
          {blocks.map((block) => (
            <BlockNotice key={block} block={block} wallet={wallet} />
          ))}
        </div>
      ) : null}

      <TextField
        id={form.fieldId('amount')}
        label={t('wallet.amount')}
        error={form.errorText('amount')}
        value={typed}
        placeholder={t('wallet.amountPlaceholder', { amount: senToInput(MIN_WITHDRAWAL) })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={16}
        disabled={blocked}
        onChange={change}
        hint={
          <span className={styles.available}>
            <span>{t('wallet.available', { amount: formatRM(wallet.balance) })}</span>
            <button
              type="button"
              className={styles.linkButton}
              disabled={blocked || wallet.balance <= 0}
              onClick={() => change(senToInput(wallet.balance))}
            >
              {t('wallet.withdrawAll')}
            </button>
          </span>
        }
      />

      {bank ? (
        <div className={styles.destination}>
          <span>{t('wallet.paidTo')}</span>
          <strong>
            {bank.bankName} {bank.accountNumber}
          </strong>
          <span>{bank.holderName}</span>
        </div>
      ) : null}

      <div>
        <p className={styles.rulesTitle}>{t('wallet.rulesTitle')}</p>
        <ul className={styles.rules}>
          <li>{t('wallet.rules.amount', { amount: formatRM(MIN_WITHDRAWAL) })}</li>
          <li>{t('wallet.rules.interval')}</li>
          <li>{t('wallet.rules.pending')}</li>
          <li>{t('wallet.rules.bank')}</li>
        </ul>
      </div>
    </SheetForm>
  );
}
