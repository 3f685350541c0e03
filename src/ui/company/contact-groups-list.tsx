import type { ContactGroup, NotificationRule } from '../../api/queries/contact-groups';
import { Button } from '../button';
import * as styles from './rotas.css';
import * as form from './company-form.css';

const CHANNEL_NAMES: Record<string, string> = {
  email: 'email',
  sms: 'SMS',
  in_app: 'in-app',
  webhook: 'webhook',
};

/** 'Critical Structural Warning of Humber → Structures by email, SMS at tier 1' */
export function ruleSummary(
  rule: NotificationRule,
  groupName: string,
  bridgeName: (id: number) => string,
): string {
  const types = rule.alert_types === null ? 'alerts' : rule.alert_types.join(', ');
  const bridge = rule.bridge_id === null ? 'every bridge' : bridgeName(rule.bridge_id);
  const channels = rule.channels.map((c) => CHANNEL_NAMES[c] ?? c).join(', ');
  return `${rule.min_severity} and above: ${types} of ${bridge} → ${groupName} by ${channels} at tier ${String(rule.tier)}`;
}

interface Row {
  id: number;
  name: string;
  detail: string;
}

/** A list of named rows, each with Edit and Delete; or `empty` when there are none. */
export function RoutingList(props: {
  label: string;
  rows: Row[];
  empty: string;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
}) {
  if (props.rows.length === 0) return <p className={form.note}>{props.empty}</p>;
  return (
    <ul className={styles.list} aria-label={props.label}>
      {props.rows.map((row) => (
        <li key={row.id} className={styles.row}>
          <span className={styles.rowText}>
            <strong>{row.name}</strong>
            <br />
            <small className={form.note}>{row.detail}</small>
          </span>
          <span className={styles.buttons}>
            <Button
              variant="secondary"
              aria-label={`Edit ${row.name}`}
              onClick={() => props.onEdit(row.id)}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              aria-label={`Delete ${row.name}`}
              onClick={() => props.onDelete(row.id)}
            >
              Delete
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

export const groupRows = (groups: ContactGroup[], people: Map<number, string>): Row[] =>
  groups.map((group) => ({
    id: group.id,
    name: group.name,
    detail:
      group.members.length === 0
        ? 'No members'
        : group.members.map((id) => people.get(id) ?? `User ${String(id)}`).join(', '),
  }));

/** The rules as rows: numbered, each with its summary (who is told of what, how). */
export const ruleRows = (
  rules: NotificationRule[],
  groupName: (id: number) => string,
  bridgeName: (id: number) => string,
): Row[] =>
  rules.map((rule) => ({
    id: rule.id,
    name: `Rule ${String(rule.id)}`,
    detail: ruleSummary(rule, groupName(rule.group_id), bridgeName),
  }));
