import { fieldRefusalOf } from '../../../domain/api-error';
import type { CompanySso, CompanySsoUpdate } from '../../api/queries/company-sso';

/** What the administrator edits; the secret is only ever what they type now (decision 054). */
export interface SsoFormValues {
  enabled: boolean;
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  emailDomains: string[];
}

/** The fields the API names in its `field: reason` details, in the form's order. */
export const SSO_FIELDS = [
  'enabled',
  'issuer',
  'client_id',
  'client_secret',
  'email_domains',
] as const;
export type SsoField = (typeof SSO_FIELDS)[number];

export const SSO_SAVED = 'Single sign-on settings saved';

export function formValuesOf(settings: CompanySso): SsoFormValues {
  return {
    enabled: settings.enabled,
    issuer: settings.issuer ?? '',
    clientId: settings.client_id ?? '',
    clientSecret: '',
    emailDomains: settings.email_domains,
  };
}

/** The PUT's body: an empty secret is left out, so the stored one stays. */
export function updateOf(values: SsoFormValues): CompanySsoUpdate {
  return {
    enabled: values.enabled,
    issuer: values.issuer.trim(),
    client_id: values.clientId.trim(),
    email_domains: values.emailDomains,
    ...(values.clientSecret === '' ? {} : { client_secret: values.clientSecret }),
  };
}

/** The field a refusal names and its reason as a sentence; undefined for the whole form. */
export const fieldErrorOf = (error: unknown) => fieldRefusalOf(error, SSO_FIELDS);

/** A domain as typed ('@Agency.ca ') the way the server stores it ('agency.ca'). */
export const domainOf = (typed: string) => typed.trim().toLowerCase().replace(/^@/, '');

/** Why a typed domain cannot join the list yet; the server checks its form. */
export function newDomainProblem(domain: string, listed: string[]): string | undefined {
  if (domain === '') return 'Type a domain such as agency.ca';
  if (listed.includes(domain)) return `${domain} is listed already`;
  return undefined;
}

/**
 * The redirect URI to register with the provider: `PUBLIC_URL/api/v1/auth/sso/callback`
 * (decision 054). The SPA is served from PUBLIC_URL, so its own origin is that URL.
 */
export const redirectUriOf = (origin: string) => `${origin}/api/v1/auth/sso/callback`;
