import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import {
  type RefObject,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChooseButton } from '../../../lib/ui/ChooseButton';
import { Field } from '../../../lib/ui/Field';
import picker from '../../../lib/ui/picker.module.css';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { type MsicEntry, msicDescription, searchMsic } from '../msicSearch';
import styles from './tax.module.css';

/** Codes drawn at a time: 1,174 buttons at once would stall a cheap phone. */
const PAGE_SIZE = 50;

/**
 * One search's codes, a page at a time: the next page comes as the end of the list nears (or
 * on its button, for a keyboard or a screen reader).
 */
function MsicOptions({
  results,
  value,
  scroller,
  onPick,
}: {
  results: readonly MsicEntry[];
  value: string;
  scroller: RefObject<HTMLDivElement | null>;
  onPick: (code: string, description: string) => void;
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const more = useRef<HTMLButtonElement>(null);
  const left = Math.max(0, results.length - limit);

  useEffect(() => {
    const button = more.current;
    if (!button || left === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((n) => n + PAGE_SIZE);
      },
      { root: scroller.current, rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [left, scroller]);

  if (results.length === 0) return null;
  return (
    <>
      <div role="listbox" aria-label={t('taxDetails.msicList')}>
        {results.slice(0, limit).map(([code, description]) => (
          <button
            key={code}
            type="button"
            role="option"
            aria-selected={code === value}
            className={`${picker.option} ${styles.option}`}
            onClick={() => onPick(code, description)}
          >
            <span className={styles.code}>{code}</span>
            <span className={styles.description}>{description}</span>
            {code === value ? <CheckOutline aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
      {left > 0 ? (
        <button
          ref={more}
          type="button"
          className={styles.more}
          onClick={() => setLimit((n) => n + PAGE_SIZE)}
        >
          {t('taxDetails.msicMore', { count: left })}
        </button>
      ) : null}
    </>
  );
}

/** The sheet: a search box, how many codes match, and the codes. */
function MsicSheet({
  value,
  onPick,
}: {
  value: string;
  onPick: (code: string, description: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = `${useId()}-heading`;
  const [q, setQ] = useState('');
  const searched = useDeferredValue(q);
  const results = useMemo(() => searchMsic(searched), [searched]);
  const scroller = useRef<HTMLDivElement>(null);

  // A new search starts at the top of its list.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [searched]);

  return (
    <section
      className={`${picker.picker} ${styles.picker}`}
      role="dialog"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{t('taxDetails.chooseMsic')}</h2>
      <SearchBar
        className={picker.search}
        placeholder={t('taxDetails.searchMsic')}
        value={q}
        onChange={setQ}
      />
      <p className={styles.count} aria-live="polite">
        {t('taxDetails.msicMatches', { count: results.length })}
      </p>
      <div ref={scroller} className={`${picker.scroller} ${styles.scroller}`}>
        {results.length > 0 ? (
          <MsicOptions
            key={searched}
            results={results}
            value={value}
            scroller={scroller}
            onPick={onPick}
          />
        ) : (
          <p className={picker.noMatch}>{t('taxDetails.noMsicMatch', { q: q.trim() })}</p>
        )}
      </div>
    </section>
  );
}

/**
 * The MSIC code, chosen from LHDN's list in a sheet searched by code or by words. Picking gives
 * the code and LHDN's description of it. The sheet is declarative: it closes with the page.
 */
export function MsicField({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (code: string, description: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const description = value ? msicDescription(value) : null;
  return (
    <>
      <Field id={id} label={t('taxDetails.msicCode')} error={error} hint={t('taxDetails.msicHint')}>
        <ChooseButton
          id={id}
          text={value ? (description ? `${value} · ${description}` : value) : undefined}
          placeholder={t('taxDetails.chooseMsic')}
          multiline
          onClick={() => setOpen(true)}
        />
      </Field>
      <BottomSheet visible={open} onClose={close}>
        <MsicSheet
          value={value}
          onPick={(code, text) => {
            onChange(code, text);
            close();
          }}
        />
      </BottomSheet>
    </>
  );
}
