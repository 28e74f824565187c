import { LegalTexts } from './LegalTexts';
import styles from './legal.module.css';

/**
 * A legal document, its sections in the file's order: the bar above carries its title; here the
 * date, the introduction and the numbered sections (a line break in a body starts a paragraph).
 */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  return (
    <LegalTexts>
      {(texts) => {
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
      }}
    </LegalTexts>
  );
}
