import { bankName } from '@sm/contract';
import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChooseButton } from '../../../lib/ui/ChooseButton';
import { Field } from '../../../lib/ui/Field';
import picker from '../../../lib/ui/picker.module.css';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { searchBanks } from '../form';

/**
 * The bank, chosen from the contract's Malaysian banks in a sheet with a search box: 32 names are
 * too many for a wheel, and merchants know their bank by name or by its short code.
 */
export function BankPicker({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = `${useId()}-heading`;
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const banks = searchBanks(q);

  const close = () => setOpen(false);
  const choose = (code: string) => {
    onChange(code);
    close();
  };

  return (
    <>
      <Field id={id} label={label} error={error}>
        <ChooseButton
          id={id}
          text={value ? bankName(value) : undefined}
          placeholder={t('bank.chooseBank')}
          onClick={() => {
            setQ('');
            setOpen(true);
          }}
        />
      </Field>
      <BottomSheet visible={open} onClose={close}>
        <section className={picker.picker} role="dialog" aria-labelledby={headingId}>
          <h2 id={headingId}>{t('bank.chooseBank')}</h2>
          <SearchBar
            className={picker.search}
            placeholder={t('bank.searchBanks')}
            value={q}
            onChange={setQ}
          />
          {banks.length > 0 ? (
            <div className={picker.scroller} role="listbox" aria-label={t('bank.bank')}>
              {banks.map((bank) => (
                <button
                  key={bank.code}
                  type="button"
                  role="option"
                  aria-selected={bank.code === value}
                  className={picker.option}
                  onClick={() => choose(bank.code)}
                >
                  <span>{bank.name}</span>
                  {bank.code === value ? <CheckOutline aria-hidden="true" /> : null}
                </button>
              ))}
            </div>
          ) : (
            <p className={picker.noMatch}>{t('bank.noBankMatch', { q: q.trim() })}</p>
          )}
        </section>
      </BottomSheet>
    </>
  );
}
