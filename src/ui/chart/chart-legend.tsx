import * as styles from './time-chart.css';

export interface LegendEntry {
  label: string;
  colour: string;
  dashed?: boolean;
}

/** The chart's key: colour is never the only cue, so each layer is named. */
export function ChartLegend({ entries }: { entries: readonly LegendEntry[] }) {
  return (
    <ul className={styles.legend}>
      {entries.map((entry) => (
        <li key={entry.label}>
          <span
            aria-hidden="true"
            className={styles.legendKey}
            style={{
              background: entry.dashed ? 'none' : entry.colour,
              borderTop: entry.dashed ? `2px dashed ${entry.colour}` : undefined,
            }}
          />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
