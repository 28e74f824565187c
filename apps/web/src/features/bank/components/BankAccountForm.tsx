import { BANK_HOLDER_MAX_LENGTH, type BankAccount, normalizeAccountNumber } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/i18n';
import { useFieldForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveBankAccount } from '../api';
import { BANK_FIELDS, checkBankValues, groupDigits, isChanged, valuesOf } from '../form';
import { BankPicker } from './BankPicker';
import styles from './bank.module.css';
import { useConfirm } from '../../../lib/ui/useConfirm';

/** Per-field texts for an empty field: 'Please fill in all fields' under one field reads oddly. */
const REQUIRED_TEXT = {
  bankCode: 'errors.BANK_REQUIRED',
  holderName: 'bank.holderRequired',
  accountNumber: 'bank.accountNumberRequired',
} as const;

/**
 * Bank, holder name and account number, checked by the contract's schema before the API. A
 * failed check or a refused save marks the field and keeps everything typed. `account` is the
 * saved account as the server last said (it may change under the form when the operator reviews
 * it); the form starts from it once.
 */
export function BankAccountForm({ account }: { account: BankAccount | null }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const save = useSaveBankAccount();
  const form = useFieldForm(() => valuesOf(account), BANK_FIELDS, {
    requiredText: (field) => t(REQUIRED_TEXT[field]),
  });
  const { values, set, errorText } = form;

  const changed = isChanged(values, account);

  const submit = async () => {
    if (save.isPending) return;
    const input = form.check(checkBankValues);
    if (input === null) return;
    if (account?.status === 'verified') {
      // Saving the same details again would only undo the verification.
      if (!changed) {
        toast(t('success.savedSuccessfully'), 'success');
        return;
      }
      const confirmed = await confirm({
        content: t('bank.reverifyConfirm'),
        confirmText: t('bank.save'),
        cancelText: t('common.cancel'),
      });
      if (!confirmed) return;
    }
    save.mutate(input, {
      onSuccess: () => toast(t('success.savedSuccessfully'), 'success'),
      onError: form.showSaveError,
    });
  };

  const digits = normalizeAccountNumber(values.accountNumber);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <BankPicker
        id="bank-code"
        label={t('bank.bank')}
        error={errorText('bankCode')}
        value={values.bankCode}
        onChange={(code) => set('bankCode', code)}
      />
      <TextField
        id="bank-holder"
        label={t('bank.holderName')}
        error={errorText('holderName')}
        hint={t('bank.holderHint')}
        value={values.holderName}
        placeholder={t('bank.holderPlaceholder')}
        autoComplete="name"
        maxLength={BANK_HOLDER_MAX_LENGTH}
        onChange={(value) => set('holderName', value)}
      />
      <TextField
        id="bank-number"
        label={t('bank.accountNumber')}
        error={errorText('accountNumber')}
        hint={
          digits
            ? t('bank.accountNumberSavedAs', { digits: groupDigits(digits) })
            : t('bank.accountNumberHint')
        }
        value={values.accountNumber}
        placeholder={t('bank.accountNumberPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        onChange={(value) => set('accountNumber', value)}
      />
      {account?.status === 'verified' && changed ? (
        <Notice tone="warning" role="note">
          {t('bank.changeResetsVerification')}
        </Notice>
      ) : null}
      <Button block size="large" color="primary" type="submit" loading={save.isPending}>
        {t('bank.save')}
      </Button>
    </form>
  );
}
