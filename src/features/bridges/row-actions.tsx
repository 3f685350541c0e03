import * as styles from '../../ui/management-page.css';

export interface RowAction {
  text: string;
  /** Names the row for screen readers, e.g. 'Delete Lions Gate'. */
  label: string;
  onClick: () => void;
}

export function RowActions({ actions }: { actions: RowAction[] }) {
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
    </div>
  );
}
