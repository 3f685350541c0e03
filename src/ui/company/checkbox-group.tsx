import * as form from './company-form.css';

/** A set of choices as checkboxes in one fieldset, its refusal under them. */
export function CheckboxGroup<T extends string>(props: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error: string | undefined;
  /** A sentence under the legend that says what the choices do. */
  hint?: string;
}) {
  const idBase = props.legend.replace(/\W+/g, '-').toLowerCase();
  const errorId = `${idBase}-error`;
  const hintId = `${idBase}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].join(' ').trim();
  const toggle = (value: T, on: boolean) =>
    props.onChange(
      on
        ? props.options.map((o) => o.value).filter((v) => v === value || props.chosen.includes(v))
        : props.chosen.filter((v) => v !== value),
    );
  return (
    <fieldset
      className={form.section}
      aria-describedby={describedBy || undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className={form.heading}>{props.legend}</legend>
      {props.hint && (
        <p id={hintId} className={form.note}>
          {props.hint}
        </p>
      )}
      {props.options.map((option) => (
        <label key={option.value} className={form.switchRow}>
          <input
            type="checkbox"
            checked={props.chosen.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
      {props.error && (
        <p id={errorId} className={form.error} role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
