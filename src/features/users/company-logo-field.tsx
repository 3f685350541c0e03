import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { isApiError } from '../../../domain/api-error';
import { LOGO_LIMIT_BYTES } from '../../../domain/company-settings';
import { useApi } from '../../api/api-context';
import {
  type CompanySettings,
  companyLogoMutationOptions,
} from '../../api/queries/company-settings';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useNotify } from '../../ui/use-notify';
import { LOGO_REMOVED, LOGO_SAVED } from './company-settings-form';
import * as styles from '../../ui/company/company-form.css';

const LOGO_LABEL = 'Report logo (PNG or JPEG, at most 256 KB)';

/** The server's reason without its field, as a sentence, or the failure's own text. */
function reasonOf(error: Error): string {
  const reason = isApiError(error) ? (error.reason ?? error.message) : error.message;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * The logo on the company's monthly reports' title page (decision 063), sent as soon as it is
 * chosen. Too large a file is refused here before it is sent; the server reads the type.
 */
export function CompanyLogoField({
  companyId,
  stored,
}: {
  companyId: number;
  stored: CompanySettings;
}) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const logo = useMutation(companyLogoMutationOptions(useApi(), useQueryClient(), companyId));
  const send = (file: Blob | null) =>
    logo.mutate(file, {
      onSuccess: () => notify('success', file ? LOGO_SAVED : LOGO_REMOVED),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > LOGO_LIMIT_BYTES) {
      logo.reset();
      event.target.value = '';
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    send(file);
  };
  const error = tooLarge
    ? 'The file is larger than 256 KB; choose a smaller image'
    : logo.isError
      ? reasonOf(logo.error)
      : undefined;

  return (
    <fieldset className={styles.section}>
      <legend className={styles.heading}>Report logo</legend>
      <p className={styles.note}>
        {stored.has_logo
          ? 'A logo is drawn on the title page of the monthly reports.'
          : 'No logo yet: the monthly reports open with the bridge’s name alone.'}
      </p>
      <TextField
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        label={LOGO_LABEL}
        disabled={logo.isPending}
        error={error}
        onChange={chosen}
      />
      {stored.has_logo && (
        <div>
          <Button variant="secondary" disabled={logo.isPending} onClick={() => send(null)}>
            Remove logo
          </Button>
        </div>
      )}
    </fieldset>
  );
}
