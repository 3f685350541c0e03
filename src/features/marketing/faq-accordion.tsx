import { useId, useState } from 'react';
import * as styles from './faq-accordion.css';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * The FAQ accordion of spec §2 (WAI-ARIA APG accordion): one answer open at a time, and clicking
 * the open question closes it.
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <div className={styles.accordion}>
      {entries.map((entry, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={entry.question} className={styles.item}>
            <h2 className={styles.heading}>
              <button
                id={buttonId}
                type="button"
                className={styles.button}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span>{entry.question}</span>
                <svg className={styles.icon} viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={styles.panel}
              hidden={!open}
            >
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
