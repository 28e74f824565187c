import { LOCALES } from '@sm/contract';
import { setLocale, useTranslation } from '../i18n';
import styles from './LanguageSwitch.module.css';

/**
 * The three languages by their own names, for screens before sign-in: a merchant who does not read
 * English must not have to find Profile first.
 */
export function LanguageSwitch() {
  const { t, locale: active } = useTranslation();
  return (
    <nav className={styles.switch} aria-label={t('profile.language')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale === 'my' ? 'ms' : locale}
          aria-pressed={locale === active}
          className={locale === active ? styles.active : undefined}
          onClick={() => void setLocale(locale)}
        >
          {t(`languages.${locale}`)}
        </button>
      ))}
    </nav>
  );
}
