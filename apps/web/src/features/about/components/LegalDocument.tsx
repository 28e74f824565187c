import type { Locale } from '@sm/contract';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import en from '../legal/en.json';
import my from '../legal/my.json';
import zh from '../legal/zh.json';
import styles from './legal.module.css';

/**
 * The legal texts live with this feature, not in the app's locale files: they are long, and only
 * these pages need them, so they load with these pages and not with the sign-in page.
 */
const LEGAL_TEXTS: Record<Locale, typeof en> = { en, zh, my };

/**
 * A legal document, its sections in the file's order: the bar above carries its title; here the
 * date, the introduction and the numbered sections (a line break in a body starts a paragraph).
 */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  // Re-renders on a language change.
  useTranslation();
  const texts = LEGAL_TEXTS[currentLocale()];
  const { intro, sections } = texts[document];
  return (
    <article className={styles.document}>
      <p className={styles.updated}>{texts.updated}</p>
      <p className={styles.intro}>{intro}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} className={styles.section}>
          <h2>{section.heading}</h2>
          {section.body.split('\n').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
