import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CompanySso, CompanySsoUpdate } from '../../api/queries/company-sso';
import { CopyButton } from '../../ui/copy-button';
import { TextField } from '../../ui/text-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { EmailDomainsField } from './email-domains-field';
import { SsoDomainProofs } from './sso-domain-proofs';
import {
  type SsoFormValues,
  fieldErrorOf,
  formValuesOf,
  redirectUriOf,
  updateOf,
} from './sso-settings-form';
import * as styles from '../../ui/company/company-form.css';

interface SsoSettingsEditorProps {
  /** The form's id, for the dialog's Save button. */
  formId: string;
  stored: CompanySso;
  save: UseMutationResult<CompanySso, Error, CompanySsoUpdate>;
  onSaved: () => void;
}

/** One company's settings, edited and saved; the secret is typed, never shown (decision 054). */
export function SsoSettingsEditor({ formId, stored, save, onSaved }: SsoSettingsEditorProps) {
  const [values, setValues] = useState<SsoFormValues>(() => formValuesOf(stored));
  const refused = fieldErrorOf(save.error);
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  const failure = useFailureNotice(save.isError && !refused ? save.error.message : undefined, {
    as: 'banner',
  });

  const change = <K extends keyof SsoFormValues>(field: K, value: SsoFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(updateOf(values), { onSuccess: onSaved });
  };

  const redirectUri = redirectUriOf(window.location.origin);
  return (
    <form id={formId} onSubmit={submit} noValidate className={styles.form}>
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Your identity provider</legend>
        <p className={styles.note}>
          Register SpanWatch with your OpenID Connect provider using this redirect URI, then enter
          what the provider gives you.
        </p>
        <div className={styles.inputRow}>
          <div className={styles.grow}>
            <TextField label="Redirect URI" value={redirectUri} readOnly />
          </div>
          <CopyButton text={redirectUri} label="Copy the redirect URI" />
        </div>
        <TextField
          label="Issuer URL"
          type="url"
          placeholder="https://login.agency.ca"
          autoCapitalize="none"
          spellCheck={false}
          value={values.issuer}
          error={errorOf('issuer')}
          onChange={(event) => change('issuer', event.target.value)}
        />
        <TextField
          label="Client ID"
          autoCapitalize="none"
          spellCheck={false}
          value={values.clientId}
          error={errorOf('client_id')}
          onChange={(event) => change('clientId', event.target.value)}
        />
        <p className={styles.note}>
          {stored.client_secret_set
            ? 'A secret is stored. Leave the field empty to keep it, or type a new one to replace it.'
            : 'No secret is stored yet.'}
        </p>
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          value={values.clientSecret}
          error={errorOf('client_secret')}
          onChange={(event) => change('clientSecret', event.target.value)}
        />
      </fieldset>
      <EmailDomainsField
        domains={values.emailDomains}
        error={errorOf('email_domains')}
        onChange={(domains) => change('emailDomains', domains)}
      />
      <SsoDomainProofs stored={stored} />
      <fieldset className={styles.section}>
        <legend className={styles.heading}>Sign-in</legend>
        <label className={styles.switchRow}>
          <input
            type="checkbox"
            checked={values.enabled}
            aria-invalid={errorOf('enabled') ? true : undefined}
            onChange={(event) => change('enabled', event.target.checked)}
          />
          <span>
            Single sign-on is on
            <br />
            <small className={styles.note}>
              Everyone keeps their password sign-in; the login page also offers your provider.
            </small>
          </span>
        </label>
        {errorOf('enabled') && (
          <p role="alert" className={styles.error}>
            {errorOf('enabled')}
          </p>
        )}
      </fieldset>
      {failure}
    </form>
  );
}
