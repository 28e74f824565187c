import { useTranslation } from 'react-i18next';
import styles from './legal.module.css';

/**
 * A legal document from the locale files, its sections in the files' order: the bar above
 * carries its title; here the date, the introduction and the numbered sections (a line break in
 * a body starts a new paragraph).
 */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const { intro, sections } = t(`legal.${document}`, { returnObjects: true });
  return (
    <article className={styles.document}>
      <p className={styles.updated}>{t('legal.updated')}</p>
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
