import { type ReactNode, useId } from 'react';
import * as styles from './text-field.css';

/** What a control inside a FormField must carry to be labelled and to announce its error. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** Shown under the control and announced with it; also marks the control invalid. */
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label above, message under: the frame every form control of the app shares. */
export function FormField({ label, error, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: styles.input,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
