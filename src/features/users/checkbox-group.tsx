import * as form from './sso-settings.css';

/** A set of choices as checkboxes in one fieldset, its refusal under them. */
export function CheckboxGroup<T extends string>(props: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error: string | undefined;
}) {
  const errorId = `${props.legend.replace(/\W+/g, '-').toLowerCase()}-error`;
  const toggle = (value: T, on: boolean) =>
    props.onChange(
      on
        ? props.options.map((o) => o.value).filter((v) => v === value || props.chosen.includes(v))
        : props.chosen.filter((v) => v !== value),
    );
  return (
    <fieldset
      className={form.section}
      aria-describedby={props.error ? errorId : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className={form.heading}>{props.legend}</legend>
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
