import { Button } from '../button';
import { SelectField } from '../select-field';
import { TextField } from '../text-field';
import { zoneLabel } from '../time-zones';
import { type OverrideValues, newOverride, overrideField } from './rota-form';
import * as styles from './rotas.css';
import * as form from './company-form.css';

interface RotaOverridesFieldProps {
  overrides: OverrideValues[];
  /** The company's people by id, to choose who stands in. */
  people: Map<number, string>;
  /** The rota's zone: the times are read on its clock, as the hand-off is. */
  timeZone: string;
  onChange: (overrides: OverrideValues[]) => void;
  /** The refusal of a field by the API's name (`overrides[0].to`), or of the list (`overrides`). */
  errorOf: (field: string) => string | undefined;
}

/** Stand-ins for a holiday or a swap: who, from when, until when, and why (decision 056). */
export function RotaOverridesField(props: RotaOverridesFieldProps) {
  const { overrides, onChange, errorOf } = props;
  const people = [...props.people]
    .map(([userId, name]) => ({ value: String(userId), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const change = (index: number, field: keyof Omit<OverrideValues, 'key'>, value: string) =>
    onChange(overrides.map((o, at) => (at === index ? { ...o, [field]: value } : o)));

  return (
    <fieldset className={form.section}>
      <legend className={form.heading}>Overrides</legend>
      <p className={form.note}>
        Someone stands in while an override lasts. Times are on the rota&apos;s clock (
        {zoneLabel(props.timeZone)}).
      </p>
      {overrides.length === 0 && <p className={form.note}>No overrides.</p>}
      {overrides.map((o, index) => {
        const label = `Override ${String(index + 1)}`;
        return (
          <fieldset key={o.key} className={styles.override}>
            <legend className={styles.subheading}>{label}</legend>
            <SelectField
              label="Person"
              placeholder="Choose a person"
              value={o.userId}
              options={people}
              error={errorOf(overrideField(index, 'user_id'))}
              onChange={(event) => change(index, 'userId', event.target.value)}
            />
            <div className={styles.pair}>
              <TextField
                label="From"
                type="datetime-local"
                value={o.from}
                error={errorOf(overrideField(index, 'from'))}
                onChange={(event) => change(index, 'from', event.target.value)}
              />
              <TextField
                label="Until"
                type="datetime-local"
                value={o.until}
                error={errorOf(overrideField(index, 'to'))}
                onChange={(event) => change(index, 'until', event.target.value)}
              />
            </div>
            <TextField
              label="Reason (optional)"
              maxLength={200}
              value={o.reason}
              onChange={(event) => change(index, 'reason', event.target.value)}
            />
            <div>
              <Button
                variant="secondary"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => onChange(overrides.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </div>
          </fieldset>
        );
      })}
      {errorOf('overrides') && (
        <p role="alert" className={form.error}>
          {errorOf('overrides')}
        </p>
      )}
      <div>
        <Button variant="secondary" onClick={() => onChange([...overrides, newOverride()])}>
          Add override
        </Button>
      </div>
    </fieldset>
  );
}
