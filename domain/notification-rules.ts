import type { Threat } from './health.ts';

/** Every alert type the server raises (the contract's `Alert.type`), for a rule's choice. */
export const ALERT_TYPES = [
  'Structural Warning',
  'Maintenance Required',
  'Anomaly Detection',
  'Sensor offline',
  'Fatigue',
  'Calibration due',
  'Sensor fault',
  'Sensor disagreement',
  'Mode tracking lost',
  'Inspection due',
  'Inspection overdue',
  'Limit exceeded',
  'Trigger level crossed',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const RULE_SEVERITIES: readonly Threat[] = ['Low', 'Medium', 'High', 'Critical'];
/**
 * The channels a rule adds people on. Not in-app or webhook: the bell tells everyone who may see
 * the bridge and everyone a rule's email or text tells (decision 080, amended 2026-12-02), and
 * the company's signed webhook already receives every alert, so a rule could change nothing
 * there (decision 060, amended 2026-11-30).
 */
export const RULE_CHANNELS = ['email', 'sms'] as const;
export type RuleChannel = (typeof RULE_CHANNELS)[number];

/**
 * Bounds (decision 060), like the rotas': each alert's plan reads every rule of its company and
 * every member of the groups they name, so both stay a bounded amount of work.
 */
export const MAX_CONTACT_GROUPS = 50;
export const MAX_GROUP_MEMBERS = 50;
export const MAX_NOTIFICATION_RULES = 100;
export const MAX_RULE_TIER = 3;

/** What a rule asks of an alert: its bridge (or any), its type (or any), at least a severity. */
export interface RuleScope {
  bridgeId: number | null;
  /** null: every type. */
  alertTypes: readonly string[] | null;
  minSeverity: Threat;
}

export interface AlertFacts {
  bridgeId: number;
  type: string;
  severity: string;
}

const rank = (severity: string) => RULE_SEVERITIES.indexOf(severity as Threat);

/** True when the rule routes this alert (the companies are checked by the caller). */
export function ruleMatches(rule: RuleScope, alert: AlertFacts): boolean {
  if (rule.bridgeId !== null && rule.bridgeId !== alert.bridgeId) return false;
  if (rule.alertTypes !== null && !rule.alertTypes.includes(alert.type)) return false;
  return rank(alert.severity) >= rank(rule.minSeverity);
}

export interface RuleShape {
  alertTypes: readonly string[] | null;
  channels: readonly string[];
  tier: number;
}

/** The first problem of a rule's shape as `field: why`, or null (the server checks people). */
export function ruleProblem(rule: RuleShape): string | null {
  if (rule.alertTypes !== null) {
    if (rule.alertTypes.length === 0) return 'alert_types: choose at least one type, or all';
    if (new Set(rule.alertTypes).size !== rule.alertTypes.length) {
      return 'alert_types: each type once';
    }
  }
  if (rule.channels.length === 0) return 'channels: choose at least one channel';
  if (new Set(rule.channels).size !== rule.channels.length) return 'channels: each channel once';
  if (!Number.isInteger(rule.tier) || rule.tier < 1 || rule.tier > MAX_RULE_TIER) {
    return `tier: 1 to ${MAX_RULE_TIER}`;
  }
  return null;
}
