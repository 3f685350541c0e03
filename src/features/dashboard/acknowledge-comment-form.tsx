import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { useFormFields } from '../../ui/use-form-fields';
import { COMMENT_REQUIRED } from './acknowledge-dialog';
import { COMMENT_MAX_LENGTH } from './dashboard-queries';
import * as styles from './dashboard.css';

/**
 * The comment an acknowledgement needs and the button that sends it, on the pages that
 * acknowledge one alert (its own page, the email link's); nothing is sent without a comment.
 */
export function AcknowledgeCommentForm({
  onAcknowledge,
  pending,
  failure,
}: {
  onAcknowledge: (comment: string) => void;
  pending: boolean;
  /** The failure of the last try, placed under the field. */
  failure: ReactNode;
}) {
  const { values, errors, setErrors, set } = useFormFields({ comment: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = values.comment.trim();
    if (text === '') return setErrors({ comment: COMMENT_REQUIRED });
    setErrors({});
    onAcknowledge(text);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.ackForm} aria-label="Acknowledge">
      <TextAreaField
        label="Comment (required)"
        error={errors.comment}
        maxLength={COMMENT_MAX_LENGTH}
        required
        value={values.comment}
        onChange={(event) => set('comment', event.target.value)}
      />
      {failure}
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Acknowledging...' : 'Acknowledge'}
        </Button>
      </div>
    </form>
  );
}
