import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';

/**
 * How long a sender holds a claimed delivery: three times the longest one SMTP or HTTP exchange
 * may take (ALERT_SEND_TIMEOUT_SECONDS), so a live sender's hold never runs out mid-send.
 */
export const leaseMsOf = (sendTimeoutSeconds: number): number => sendTimeoutSeconds * 3000;

export const CLAIM_LEASE_MS = leaseMsOf(DEFAULT_ALERT_DELIVERY.sendTimeoutSeconds);
