import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { RESOLUTION_INVALID, resolutionOf } from '../../../domain/stream-resolution';
import { useApi } from '../../api/api-context';
import { changeDatastreamResolutionMutationOptions } from '../../api/mutations/datastreams';
import { withEffects } from '../../api/mutations/with-effects';
import type { Datastream } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import * as styles from './bridges-page.css';

const typed = (resolution: number | null | undefined) =>
  resolution == null ? '' : String(resolution);

/**
 * A current stream's resolution, changed in place (decision 052): what is stored from now on takes
 * the new step, and what is stored already keeps its form, which the note says before saving.
 */
export function StreamResolutionEditor({ stream }: { stream: Datastream }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(typed(stream.resolution));
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useMutation(
    withEffects(changeDatastreamResolutionMutationOptions(api, queryClient, stream.id), {
      onSuccess: (saved) => {
        notify(
          'success',
          saved.resolution == null
            ? `${stream.stream_id} now stores new values exactly as sent`
            : `${stream.stream_id} now stores new values to the nearest ${saved.resolution}`,
        );
        setEditing(false);
      },
      onError: (failure) => setError(failure.message),
    }),
  );

  if (!editing) {
    return (
      <Button
        variant="quiet"
        onClick={() => {
          setText(typed(stream.resolution));
          setError(undefined);
          setEditing(true);
        }}
      >
        Change resolution
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resolution = resolutionOf(text);
    if (resolution === undefined) {
      setError(RESOLUTION_INVALID);
      return;
    }
    setError(undefined);
    save.mutate(resolution);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={`Resolution of ${stream.stream_id}`}>
      <TextField
        label="New resolution"
        inputMode="decimal"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <p className={styles.fieldNote}>
        Applies to values stored from now on; values stored already keep their form. Left empty, new
        values are stored exactly as sent.
      </p>
      <Button type="submit" disabled={save.isPending}>
        Save resolution
      </Button>{' '}
      <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>
        Keep it
      </Button>
    </form>
  );
}
