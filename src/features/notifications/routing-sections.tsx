import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import {
  listContactGroupsQueryOptions,
  listNotificationRulesQueryOptions,
} from '../../api/queries/contact-groups';
import { Button } from '../../ui/button';
import { RoutingList, groupRows, ruleRows } from '../../ui/company/contact-groups-list';
import type { ContactGroupsView } from '../../ui/company/contact-groups-dialog';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './notifications-screen.css';
import { ScreenSection } from './screen-section';

interface RoutingProps {
  companyId: number;
  people: Map<number, string>;
  bridges: Bridge[];
  /** Opens the contact groups dialog (the one User Management opens) at this form. */
  onOpen: (view: ContactGroupsView) => void;
}

/**
 * The company's contact groups and its notification rules (decision 060), as two sections of
 * the Notifications screen; adding, editing and deleting open the dialog User Management opens,
 * at the form concerned (decision 066).
 */
export function RoutingSections({ companyId, people, bridges, onOpen }: RoutingProps) {
  const api = useApi();
  const groups = useQuery(listContactGroupsQueryOptions(api, companyId));
  const rules = useQuery(listNotificationRulesQueryOptions(api, companyId));
  const groupsFailure = useFailureNotice(groups.error?.message, { as: 'banner' });
  const rulesFailure = useFailureNotice(rules.error?.message, { as: 'banner' });
  const groupName = (id: number) => groups.data?.find((g) => g.id === id)?.name ?? `Group ${id}`;
  const bridgeName = (id: number) => bridges.find((b) => b.id === id)?.name ?? `Bridge ${id}`;
  return (
    <>
      <ScreenSection
        id="contact-groups"
        title="Contact groups"
        actions={
          <Button disabled={!groups.data} onClick={() => onOpen({ kind: 'group' })}>
            Add group
          </Button>
        }
      >
        <p className={styles.note}>The people a rule tells, beside those told today.</p>
        {groups.isPending && <p className={styles.note}>Loading the contact groups…</p>}
        {groupsFailure}
        {groups.data && (
          <RoutingList
            label="Contact groups"
            rows={groupRows(groups.data, people)}
            empty="No contact groups yet."
            onEdit={(id) => onOpen({ kind: 'group', group: groups.data.find((g) => g.id === id) })}
            onDelete={(id) => onOpen({ kind: 'delete', target: 'group', id, name: groupName(id) })}
          />
        )}
      </ScreenSection>
      <ScreenSection
        id="notification-rules"
        title="Notification rules"
        actions={
          <Button disabled={!groups.data?.length} onClick={() => onOpen({ kind: 'rule' })}>
            Add rule
          </Button>
        }
      >
        <p className={styles.note}>
          Which alerts, from which severity, reach a group, by which channels and at which
          escalation tier.
        </p>
        {rules.isPending && <p className={styles.note}>Loading the notification rules…</p>}
        {rulesFailure}
        {rules.data && (
          <RoutingList
            label="Notification rules"
            rows={ruleRows(rules.data, groupName, bridgeName)}
            empty="No rules yet: alerts reach the people they reach today."
            onEdit={(id) => onOpen({ kind: 'rule', rule: rules.data.find((r) => r.id === id) })}
            onDelete={(id) => onOpen({ kind: 'delete', target: 'rule', id, name: `Rule ${id}` })}
          />
        )}
      </ScreenSection>
    </>
  );
}
