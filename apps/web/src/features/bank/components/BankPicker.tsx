import { bankName } from '@sm/contract';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../lib/ui/Field';
import { searchBanks } from '../form';
import styles from './bank.module.css';

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
        <button
          id={id}
          type="button"
          className={styles.choose}
          aria-haspopup="dialog"
          onClick={() => {
            setQ('');
            setOpen(true);
          }}
        >
          <span className={value ? undefined : styles.placeholder}>
            {value ? bankName(value) : t('bank.chooseBank')}
          </span>
          <RightOutline aria-hidden="true" />
        </button>
      </Field>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <section className={styles.picker} role="dialog" aria-labelledby={headingId}>
          <h2 id={headingId}>{t('bank.chooseBank')}</h2>
          <SearchBar
            className={styles.search}
            placeholder={t('bank.searchBanks')}
            value={q}
            onChange={setQ}
          />
          {banks.length > 0 ? (
            <div className={styles.options} role="listbox" aria-label={t('bank.bank')}>
              {banks.map((bank) => (
                <button
                  key={bank.code}
                  type="button"
                  role="option"
                  aria-selected={bank.code === value}
                  className={styles.option}
                  onClick={() => choose(bank.code)}
                >
                  <span>{bank.name}</span>
                  {bank.code === value ? <CheckOutline aria-hidden="true" /> : null}
                </button>
              ))}
            </div>
          ) : (
            <p className={styles.noMatch}>{t('bank.noBankMatch', { q: q.trim() })}</p>
          )}
        </section>
      </Popup>
    </>
  );
}
