import type { Rota } from '../../api/queries/rotas';
import { Button } from '../button';
import { zoneLabel } from '../time-zones';
import * as styles from './rotas.css';
import * as form from './company-form.css';

const plural = (count: number, one: string) => `${String(count)} ${one}${count === 1 ? '' : 's'}`;

/** 'Weekly, hand-off 09:00 Europe/London · 3 members · 1 override' */
export function rotaSummary(rota: Rota): string {
  const rotation = rota.rotation === 'daily' ? 'Daily' : 'Weekly';
  return [
    `${rotation}, hand-off ${rota.hand_off_time} ${zoneLabel(rota.time_zone)}`,
    plural(rota.members.length, 'member'),
    plural(rota.overrides.length, 'override'),
  ].join(' · ');
}

/** The company's rotas, each with its Edit and Delete; or a sentence when there are none. */
export function RotaList(props: {
  rotas: Rota[];
  onEdit: (rota: Rota) => void;
  onDelete: (rota: Rota) => void;
}) {
  if (props.rotas.length === 0) {
    return (
      <p className={form.note}>
        No rotas yet. Add one to say who answers the company&apos;s alarms out of hours.
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label="Rotas">
      {props.rotas.map((rota) => (
        <li key={rota.id} className={styles.row}>
          <span className={styles.rowText}>
            <strong>{rota.name}</strong>
            <br />
            <small className={form.note}>{rotaSummary(rota)}</small>
          </span>
          <span className={styles.buttons}>
            <Button
              variant="secondary"
              aria-label={`Edit ${rota.name}`}
              onClick={() => props.onEdit(rota)}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              aria-label={`Delete ${rota.name}`}
              onClick={() => props.onDelete(rota)}
            >
              Delete
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
