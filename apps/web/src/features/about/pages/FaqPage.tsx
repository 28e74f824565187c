import { LegalTexts } from '../components/LegalTexts';
import styles from '../components/legal.module.css';

/**
 * Frequently asked questions, by topic. Each answer opens under its question (a native
 * details/summary: no script, read aloud as a disclosure by screen readers).
 */
export default function FaqPage() {
  return (
    <LegalTexts>
      {({ faq }) => (
        <article className={styles.document}>
          <p className={styles.intro}>{faq.intro}</p>
          {Object.entries(faq.groups).map(([key, group]) => (
            <section key={key} className={styles.faqGroup} aria-labelledby={`faq-${key}`}>
              <h2 id={`faq-${key}`}>{group.heading}</h2>
              {Object.entries(group.items).map(([id, item]) => (
                <details key={id} className={styles.question}>
                  <summary>{item.q}</summary>
                  <p>{item.a}</p>
                </details>
              ))}
            </section>
          ))}
        </article>
      )}
    </LegalTexts>
  );
}
