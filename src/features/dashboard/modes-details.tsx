import type { BridgeModes } from '../../api/queries/modes';
import { formatInstant } from '../../../domain/formats';
import { cardTable } from '../../ui/card-table.css';
import { useDisplaySettings } from '../../ui/display-settings';
import * as cardStyles from './fatigue-card.css';
import { LocatedChangeStrip } from './located-change-strip';
import { ModeTrends } from './mode-trends';
import {
  foundFrequenciesText,
  type ModeRow,
  modeFrequencyText,
  modeRows,
  modeRowText,
  pendingReferenceText,
} from '../../../domain/mode-rows';
import { ModeShapePlot, SHAPE_COLOURS } from './mode-shape-plot';
import * as styles from './modes-card.css';
import { ChartLegend } from '../../ui/chart/chart-legend';
import { UpdatedAt } from './when';

/** The span's supports: the strip's when there is one, else the shapes' sensors' extent. */
function supportsOf(modes: BridgeModes): [number, number] {
  const strip = modes.located_change?.supports_m;
  if (strip && strip.length === 2) return [strip[0] ?? 0, strip[1] ?? 1];
  const chainages = (modes.reference?.modes ?? []).flatMap((m) => m.shape.map((p) => p.chainage_m));
  return chainages.length ? [Math.min(0, ...chainages), Math.max(...chainages)] : [0, 1];
}

/** The table's columns: heading and the row's text shown under it. */
const COLUMNS = [
  ['Mode', 'name'],
  ['Reference', 'reference'],
  ['Newest window', 'latest'],
  ['Change', 'change'],
  ['Damping', 'damping'],
  ['MAC', 'mac'],
  ['State', 'state'],
] as const;

function ModesTable({ rows }: { rows: ModeRow[] }) {
  return (
    <table className={`${styles.table} ${cardTable}`}>
      <caption className={cardStyles.basis}>
        Each reference mode against the newest window: frequency, change, damping and how alike the
        shapes are (MAC, 1 = the same shape).
      </caption>
      <thead>
        <tr>
          {COLUMNS.map(([heading]) => (
            <th key={heading} scope="col" className={styles.cell}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const text = { name: row.name, ...modeRowText(row) };
          return (
            <tr key={row.name}>
              {COLUMNS.map(([heading, key]) => (
                <td
                  key={key}
                  className={
                    key === 'state' && row.state === 'lost'
                      ? `${styles.cell} ${styles.lost}`
                      : styles.cell
                  }
                  data-label={heading}
                >
                  {text[key]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The Modes card's contents once there are modes (a chunk of its own, fetched only for a bridge
 * that has them): the table, the shapes, each mode's history and the located-change strip.
 */
export default function ModesDetails({
  modes,
  updatedAt,
}: {
  modes: BridgeModes;
  updatedAt: number;
}) {
  const { timeZone } = useDisplaySettings();
  const rows = modeRows(modes);
  const supports = supportsOf(modes);
  const lost = rows.tracked.filter((r) => r.state === 'lost').length;
  return (
    <section className={cardStyles.card} aria-labelledby="modes-title">
      <h2 id="modes-title" className={cardStyles.title}>
        Modes
      </h2>
      <UpdatedAt at={updatedAt} />
      {modes.reference && (
        <p className={cardStyles.muted}>
          Reference: the window of {formatInstant(modes.reference.window_start, timeZone)}
          {modes.reference_version === null
            ? ', the first identified (no reference version accepted yet)'
            : `, the first after reference version ${modes.reference_version} became active`}
          .{' '}
          {modes.latest
            ? `Newest window: ${formatInstant(modes.latest.window_start, timeZone)}.`
            : 'No window identified since.'}
          {lost > 0 ? ` ${lost} of ${rows.tracked.length} reference modes lost in it.` : ''}
        </p>
      )}
      {!modes.reference && modes.latest && (
        <p className={cardStyles.muted}>
          {pendingReferenceText(modes.reference_version)} Newest window:{' '}
          {formatInstant(modes.latest.window_start, timeZone)}, modes at{' '}
          {foundFrequenciesText(modes.latest.modes)}.
        </p>
      )}
      {rows.tracked.length > 0 && <ModesTable rows={[...rows.tracked, ...rows.unmatched]} />}
      {rows.tracked.length > 0 && (
        <>
          <ChartLegend
            entries={[
              { label: 'Reference shape', colour: SHAPE_COLOURS.reference, dashed: true },
              { label: 'Newest window', colour: SHAPE_COLOURS.latest },
            ]}
          />
          <div className={styles.shapes}>
            {rows.tracked.map((row) => (
              <ModeShapePlot
                key={row.name}
                name={`${row.name}, ${modeFrequencyText(row.referenceHz)}`}
                reference={row.referenceShape}
                latest={row.latestShape}
                supports={supports}
              />
            ))}
          </div>
        </>
      )}
      <ModeTrends bridgeId={modes.bridge} modes={modes} />
      {modes.located_change && <LocatedChangeStrip change={modes.located_change} />}
    </section>
  );
}
