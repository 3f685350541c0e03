/** How long a sender holds a claimed delivery: longer than one SMTP or HTTP exchange may take. */
export const CLAIM_LEASE_MS = 90_000;
