import type { LoggerFileInspection, LoggerImportSummary } from '../../api/logger-upload';
import * as styles from './logger-import.css';

const rateText = (hz: number) => (hz > 0 ? `${hz} Hz` : 'Irregular (single readings)');

export function InspectionFacts({ inspection }: { inspection: LoggerFileInspection }) {
  const facts: [string, string][] = [
    ['Format', inspection.format_name],
    ['Encoding', inspection.encoding],
    ['Time column', inspection.time_column],
    ['Sample rate', rateText(inspection.rate_hz)],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, text]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface StreamChoice {
  streamId: string;
  label: string;
}

/** Each column with its unit and first values, and the data stream it goes to (or skipped). */
export function ColumnMapping({
  inspection,
  streams,
  mapping,
  onMap,
}: {
  inspection: LoggerFileInspection;
  streams: StreamChoice[];
  mapping: Record<string, string>;
  onMap: (columnKey: string, streamId: string) => void;
}) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>Columns</caption>
        <thead>
          <tr>
            {['Column', 'Unit', 'First values', 'Data stream'].map((h) => (
              <th key={h} scope="col" className={styles.cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inspection.columns.map((column, i) => (
            <tr key={column.key}>
              <th scope="row" className={styles.cell}>
                {column.name}
              </th>
              <td className={styles.cell}>{column.unit || '–'}</td>
              <td className={styles.cell}>
                {inspection.preview
                  .slice(0, 3)
                  .map((row) => row.cells[i] ?? '')
                  .join(', ')}
              </td>
              <td className={styles.cell}>
                <select
                  aria-label={`Data stream for ${column.name}`}
                  value={mapping[column.key] ?? ''}
                  onChange={(e) => onMap(column.key, e.target.value)}
                >
                  <option value="">Skip</option>
                  {streams.map((s) => (
                    <option key={s.streamId} value={s.streamId}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PreviewTable({ inspection }: { inspection: LoggerFileInspection }) {
  return (
    <div
      className={styles.scroller}
      tabIndex={0}
      role="group"
      aria-label="Preview of the first rows"
    >
      <table className={styles.table}>
        <caption className={styles.caption}>Preview</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              {inspection.time_column}
            </th>
            {inspection.columns.map((c) => (
              <th key={c.key} scope="col" className={styles.cell}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inspection.preview.map((row) => (
            <tr key={row.time}>
              <td className={styles.cell}>{row.time}</td>
              {row.cells.map((cell, i) => (
                <td key={inspection.columns[i]?.key ?? i} className={styles.cell}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportSummaryView({ summary }: { summary: LoggerImportSummary }) {
  const more = summary.error_count > summary.errors.length;
  return (
    <section aria-label="Import summary" className={styles.body}>
      <dl className={styles.facts}>
        <dt className={styles.term}>Rows read</dt>
        <dd className={styles.value}>{summary.rows}</dd>
        <dt className={styles.term}>Samples stored</dt>
        <dd className={styles.value}>{summary.stored_samples}</dd>
        <dt className={styles.term}>Already stored</dt>
        <dd className={styles.value}>{summary.duplicate_samples}</dd>
        <dt className={styles.term}>Row errors</dt>
        <dd className={styles.value}>{summary.error_count}</dd>
      </dl>
      {summary.errors.length > 0 && (
        <>
          <p className={styles.muted}>
            {more ? `The first ${summary.errors.length} errors:` : 'Rows not imported:'}
          </p>
          <ul className={styles.errors} aria-label="Row errors">
            {summary.errors.map((e) => (
              <li key={`${e.line}-${e.message}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
