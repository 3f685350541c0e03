import type { ReactNode } from 'react';
import * as styles from './management-page.css';

export interface RowAction {
  text: string;
  /** Names the row for screen readers, e.g. 'Delete Lions Gate'. */
  label: string;
  onClick: () => void;
}

/** `children` follow the buttons: links such as a row's History. */
export function RowActions({ actions, children }: { actions: RowAction[]; children?: ReactNode }) {
  return (
    <div className={styles.rowActions}>
      {actions.map((a) => (
        <button
          key={a.text}
          type="button"
          className={styles.actionButton}
          aria-label={a.label}
          onClick={a.onClick}
        >
          {a.text}
        </button>
      ))}
      {children}
    </div>
  );
}
