import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldRefusalOf } from '../../../domain/api-error';
import { formatDate } from '../../../domain/formats';
import { useApi } from '../../api/api-context';
import {
  type CompanySso,
  verifyCompanySsoDomainMutationOptions,
} from '../../api/queries/company-sso';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import * as styles from '../../ui/company/company-form.css';

const METHOD: Record<string, string> = {
  dns: 'by its TXT record',
  review: 'by platform staff',
  'before-proof': 'claimed before proof was asked',
};

/** Re-checks in a row without the TXT record that withdraw a proof (decision 078). */
const WITHDRAW_AFTER = 3;

/**
 * Each saved email domain's proof (decision 071): verified (when, how), or the TXT record to
 * add and a Verify button that looks it up. Only a verified domain signs anyone in.
 */
export function SsoDomainProofs({ stored }: { stored: CompanySso }) {
  const api = useApi();
  const verify = useMutation(
    verifyCompanySsoDomainMutationOptions(api, useQueryClient(), stored.company_id),
  );
  if (stored.domains.length === 0) return null;
  const errorOf = (domain: string) =>
    verify.isError && verify.variables === domain
      ? (fieldRefusalOf(verify.error, ['domain', 'method'] as const)?.message ??
        verify.error.message)
      : undefined;

  return (
    <section className={styles.section} aria-labelledby="sso-domain-proofs">
      <h3 id="sso-domain-proofs" className={styles.heading}>
        Proving your domains
      </h3>
      <p className={styles.note}>
        A domain signs people in only once it is proven to be your company&apos;s: add the TXT
        record shown to its DNS, then press Verify.
      </p>
      <ul className={styles.proofs} aria-label="Domain proofs">
        {stored.domains.map((claim) => {
          const error = errorOf(claim.domain);
          const errorId = `sso-proof-error-${claim.domain}`;
          return (
            <li key={claim.domain} className={styles.proof}>
              <strong>{claim.domain}</strong>
              {claim.verified_at ? (
                <>
                  <p className={styles.note}>
                    Verified {formatDate(claim.verified_at)}
                    {claim.verified_method ? ` (${METHOD[claim.verified_method]})` : ''}
                    {claim.rechecked_at && claim.recheck_failures === 0
                      ? `; its TXT record was found again ${formatDate(claim.rechecked_at)}`
                      : ''}
                  </p>
                  {claim.recheck_failures > 0 && (
                    <p className={styles.error}>
                      Its TXT record was not found at the last{' '}
                      {claim.recheck_failures === 1
                        ? 're-check'
                        : `${claim.recheck_failures} re-checks`}{' '}
                      (we look daily): put{' '}
                      <code className={styles.code}>{claim.challenge_value}</code> back at{' '}
                      <code className={styles.code}>{claim.challenge_name}</code>, or the domain
                      stops signing people in after {WITHDRAW_AFTER} re-checks without it.
                    </p>
                  )}
                </>
              ) : (
                <>
                  {claim.recheck_failures >= WITHDRAW_AFTER && (
                    <p className={styles.error}>
                      Withdrawn: its TXT record was not found at {WITHDRAW_AFTER} re-checks in a
                      row, so the domain signs nobody in.
                    </p>
                  )}
                  <p className={styles.note}>
                    Not verified: add a TXT record at{' '}
                    <code className={styles.code}>{claim.challenge_name}</code> with the value{' '}
                    <code className={styles.code}>{claim.challenge_value}</code>
                  </p>
                  <div className={styles.inputRow}>
                    <CopyButton
                      text={claim.challenge_name}
                      label={`Copy the TXT record's name for ${claim.domain}`}
                    />
                    <CopyButton
                      text={claim.challenge_value}
                      label={`Copy the TXT record's value for ${claim.domain}`}
                    />
                    <Button
                      variant="secondary"
                      aria-label={`Verify ${claim.domain}`}
                      aria-describedby={error ? errorId : undefined}
                      disabled={verify.isPending && verify.variables === claim.domain}
                      onClick={() => verify.mutate(claim.domain)}
                    >
                      {verify.isPending && verify.variables === claim.domain
                        ? 'Verifying…'
                        : 'Verify'}
                    </Button>
                  </div>
                  {error && (
                    <p id={errorId} role="alert" className={styles.error}>
                      {error}
                    </p>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
