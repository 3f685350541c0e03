import { HttpError } from '../http-error.ts';
import type { CompanySsoChange, CompanySsoRow } from '../repositories/company-sso-repository.ts';
import type { SecretBox } from '../services/secret-box.ts';
import { challengeRecord } from '../services/domain-proof.ts';
import { issuerProblem } from '../services/sso-issuer.ts';
import type { BodyOf, Schemas } from '../contract-types.ts';
import { oneLineText } from './text-fields.ts';

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function emailDomains(values: string[]): string[] {
  const domains = values.map((value) => value.trim().toLowerCase().replace(/^@/, ''));
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  if (wrong !== undefined) {
    throw new HttpError(400, `email_domains: '${wrong}' is not a domain such as agency.ca`);
  }
  return [...new Set(domains)];
}

/** The settings sent, checked; the secret sealed when a new one came (decision 054). */
export function companySsoChange(
  body: BodyOf<'updateCompanySso'>,
  stored: CompanySsoRow | undefined,
  secretBox: SecretBox,
): CompanySsoChange {
  const issuer = oneLineText(body.issuer, 'issuer');
  const problem = issuerProblem(issuer);
  if (problem) throw new HttpError(400, `issuer: ${problem}`);
  const clientId = oneLineText(body.client_id, 'client_id');
  if (body.client_secret !== undefined && body.client_secret.trim() === '') {
    throw new HttpError(
      400,
      'client_secret: must not be blank; leave it out to keep the stored one',
    );
  }
  const domains = emailDomains(body.email_domains);
  const hasSecret = body.client_secret !== undefined || Boolean(stored?.clientSecretSealed);
  if (body.enabled && !hasSecret) {
    throw new HttpError(400, 'client_secret: required to enable single sign-on');
  }
  if (body.enabled && domains.length === 0) {
    throw new HttpError(400, 'email_domains: name at least one to enable single sign-on');
  }
  return {
    enabled: body.enabled,
    issuer,
    clientId,
    emailDomains: domains,
    ...(body.client_secret === undefined
      ? {}
      : { clientSecretSealed: secretBox.seal(body.client_secret) }),
  };
}

/** The answer: never the secret, only whether one is stored. */
export function companySsoDto(
  companyId: number,
  row: CompanySsoRow | undefined,
): Schemas['CompanySso'] {
  return {
    company_id: companyId,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    client_secret_set: Boolean(row?.clientSecretSealed),
    email_domains: row?.emailDomains ?? [],
    domains: (row?.domains ?? []).map((claim) => {
      const record = challengeRecord(claim.domain, claim.challenge);
      return {
        domain: claim.domain,
        verified_at: claim.verifiedAt?.toISOString() ?? null,
        verified_method: claim.verifiedMethod,
        challenge_name: record.name,
        challenge_value: record.value,
        rechecked_at: claim.recheckedAt?.toISOString() ?? null,
        recheck_failures: claim.recheckFailures,
      };
    }),
  };
}
