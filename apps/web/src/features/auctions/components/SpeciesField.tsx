import type { Species } from '@sm/contract';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useState } from 'react';
import { HTML_LANG, useTranslation } from '../../../lib/i18n';
import { ChooseButton } from '../../../lib/ui/ChooseButton';
import { Field } from '../../../lib/ui/Field';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { speciesChoices, speciesNames } from '../lotMemory';
import styles from './form.module.css';

/**
 * The species of a lot, chosen from a list rather than a 23-item wheel: the merchant's recent
 * species first, a search by name in any of the three languages, one tap to choose. The sheet is
 * declarative, so it belongs to the form and closes when the page goes.
 */
export function SpeciesField({
  id,
  label,
  error,
  value,
  recent,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: Species | '';
  /** The merchant's recent species, most recent first. */
  recent: readonly Species[];
  onChange: (value: Species) => void;
}) {
  const { t, locale } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const choices = speciesChoices(query, recent);
  const searching = query.trim() !== '';
  // Searching, one list (recent matches first); otherwise the recent ones, then all of them.
  const matches = searching
    ? [...choices.recent, ...choices.all.filter((code) => !choices.recent.includes(code))]
    : choices.all;
  const titleId = `${id}-sheet-title`;
  const searchId = `${id}-search`;

  const close = () => setOpen(false);
  const choose = (code: Species) => {
    onChange(code);
    close();
  };

  const list = (codes: readonly Species[], headingId: string) => (
    <ul className={styles.speciesList} aria-labelledby={headingId}>
      {codes.map((code) => {
        const names = speciesNames(code, locale);
        const chosen = code === value;
        return (
          <li key={code}>
            <button
              type="button"
              className={styles.speciesOption}
              aria-current={chosen ? 'true' : undefined}
              onClick={() => choose(code)}
            >
              <span className={styles.speciesName}>{names.name}</span>
              <span className={styles.speciesOther}>
                {names.others.map((other, index) => (
                  <span key={other.locale} lang={HTML_LANG[other.locale]}>
                    {index > 0 ? ' · ' : ''}
                    {other.name}
                  </span>
                ))}
              </span>
              {chosen ? <CheckOutline className={styles.speciesCheck} aria-hidden="true" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );

  return (
    <Field id={id} label={label} error={error}>
      <ChooseButton
        id={id}
        text={value ? speciesNames(value, locale).name : undefined}
        placeholder={t('auctionForm.choose')}
        onClick={() => setOpen(true)}
      />
      <BottomSheet visible={open} onClose={close} afterClose={() => setQuery('')}>
        <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <div className={styles.sheetHeader}>
            <h2 id={titleId}>{label}</h2>
            <button type="button" className={styles.sheetClose} onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
          <label htmlFor={searchId} className={styles.searchLabel}>
            {t('auctionForm.speciesSearch')}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            value={query}
            placeholder={t('auctionForm.speciesSearchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              const first = matches[0];
              if (event.key === 'Enter' && searching && first) choose(first);
            }}
          />
          <div className={styles.speciesLists}>
            {searching ? (
              matches.length > 0 ? (
                <section>
                  <h3 id={`${id}-matches`} className={styles.speciesHeading}>
                    {t('auctionForm.speciesMatches', { count: matches.length })}
                  </h3>
                  {list(matches, `${id}-matches`)}
                </section>
              ) : (
                <p className={styles.speciesNone} role="status">
                  {t('auctionForm.speciesNone', { query: query.trim() })}
                </p>
              )
            ) : (
              <>
                {choices.recent.length > 0 ? (
                  <section>
                    <h3 id={`${id}-recent`} className={styles.speciesHeading}>
                      {t('auctionForm.speciesRecent')}
                    </h3>
                    {list(choices.recent, `${id}-recent`)}
                  </section>
                ) : null}
                <section>
                  <h3 id={`${id}-all`} className={styles.speciesHeading}>
                    {t('auctionForm.speciesAll')}
                  </h3>
                  {list(choices.all, `${id}-all`)}
                </section>
              </>
            )}
          </div>
        </div>
      </BottomSheet>
    </Field>
  );
}
