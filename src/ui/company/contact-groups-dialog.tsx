import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  deleteRoutingMutationOptions,
  saveContactGroupMutationOptions,
  saveNotificationRuleMutationOptions,
} from '../../api/mutations/contact-groups';
import { withEffects } from '../../api/mutations/with-effects';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import {
  type ContactGroup,
  type NotificationRule,
  listContactGroupsQueryOptions,
  listNotificationRulesQueryOptions,
} from '../../api/queries/contact-groups';
import { listUsersQueryOptions } from '../../api/queries/users';
import { Button } from '../button';
import { DialogActions } from '../dialog-actions';
import { Modal } from '../modal';
import { useNotify } from '../use-notify';
import type { CompanyViewer } from './company-chooser';
import { CompanyListFrame, useFirstControlFocus } from './company-list-frame';
import { ContactGroupEditor } from './contact-group-editor';
import { RoutingList, groupRows, ruleRows } from './contact-groups-list';
import { NotificationRuleEditor } from './notification-rule-editor';
import * as styles from './rotas.css';
import * as form from './company-form.css';

const FORM_ID = 'routing-form';

export type ContactGroupsView =
  | { kind: 'list' }
  | { kind: 'group'; group?: ContactGroup }
  | { kind: 'rule'; rule?: NotificationRule }
  | { kind: 'delete'; target: 'group' | 'rule'; id: number; name: string };
type View = ContactGroupsView;
const LIST: View = { kind: 'list' };

/**
 * A company's contact groups and the rules that send its alerts to them (issue 32, decision
 * 060). Opened from User Management beside On-call rotas, in the same lazy chunk, and from the
 * Notifications screen straight at one group's or rule's form (`initial`), where leaving the
 * form closes the dialog (decision 066).
 */
export function ContactGroupsDialog(props: {
  viewer: CompanyViewer;
  onClose: () => void;
  initial?: ContactGroupsView;
}) {
  const { viewer } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [companyId, setCompanyId] = useState(viewer.companyId);
  const [view, setView] = useState<View>(props.initial ?? LIST);
  const groups = useQuery(listContactGroupsQueryOptions(api, companyId));
  const rules = useQuery(listNotificationRulesQueryOptions(api, companyId));
  const users = useQuery(listUsersQueryOptions(api));
  const bridges = useQuery(listBridgesQueryOptions(api));
  const saveGroup = useMutation(saveContactGroupMutationOptions(api, queryClient, companyId));
  const saveRule = useMutation(saveNotificationRuleMutationOptions(api, queryClient, companyId));
  const remove = useMutation(
    withEffects(deleteRoutingMutationOptions(api, queryClient, companyId), {
      onSuccess: () => {
        notify('success', 'Deleted');
        back();
      },
      onError: () => {
        notify('error', 'Could not delete it; try again');
        back();
      },
    }),
  );
  const contentRef = useFirstControlFocus<HTMLParagraphElement>(view.kind);
  const people = new Map(
    (users.data ?? []).filter((u) => u.company_id === companyId).map((u) => [u.id, u.username]),
  );
  const ownBridges = (bridges.data ?? []).filter((b) => b.company_id === companyId);
  const bridgeName = (id: number) => ownBridges.find((b) => b.id === id)?.name ?? `Bridge ${id}`;
  const groupName = (id: number) => groups.data?.find((g) => g.id === id)?.name ?? `Group ${id}`;
  function back() {
    saveGroup.reset();
    saveRule.reset();
    if (props.initial) props.onClose();
    else setView(LIST);
  }
  const saved = () => {
    notify('success', 'Saved');
    back();
  };

  return (
    <Modal title="Contact groups" onClose={props.onClose} wide actions={actionsOf()}>
      <p ref={contentRef} className={form.note}>
        A rule sends the company&apos;s alerts of a bridge (or all), of some types, from a severity
        up to a group&apos;s members, beside those told today.
      </p>
      {view.kind === 'list' && (
        <CompanyListFrame
          companyId={companyId}
          viewer={viewer}
          onChoose={setCompanyId}
          loading={groups.isPending || rules.isPending}
          loadingText="Loading the contact groups…"
          error={groups.error ?? rules.error}
        >
          <h3 className={styles.subheading}>Groups</h3>
          {groups.data && (
            <RoutingList
              label="Contact groups"
              rows={groupRows(groups.data, people)}
              empty="No contact groups yet."
              onEdit={(id) =>
                setView({ kind: 'group', group: groups.data.find((g) => g.id === id) })
              }
              onDelete={(id) =>
                setView({ kind: 'delete', target: 'group', id, name: groupName(id) })
              }
            />
          )}
          <h3 className={styles.subheading}>Rules</h3>
          {rules.data && (
            <RoutingList
              label="Notification rules"
              rows={ruleRows(rules.data, groupName, bridgeName)}
              empty="No rules yet: alerts reach the people they reach today."
              onEdit={(id) => setView({ kind: 'rule', rule: rules.data.find((r) => r.id === id) })}
              onDelete={(id) => setView({ kind: 'delete', target: 'rule', id, name: `Rule ${id}` })}
            />
          )}
        </CompanyListFrame>
      )}
      {view.kind === 'group' && (
        <ContactGroupEditor
          formId={FORM_ID}
          group={view.group}
          people={people}
          save={saveGroup}
          onSaved={saved}
        />
      )}
      {view.kind === 'rule' && (
        <NotificationRuleEditor
          formId={FORM_ID}
          rule={view.rule}
          groups={groups.data ?? []}
          bridges={ownBridges}
          save={saveRule}
          onSaved={saved}
        />
      )}
      {view.kind === 'delete' && (
        <p>
          Delete <strong>{view.name}</strong>?
          {view.target === 'group' && ' The rules that send to it go with it.'} This cannot be
          undone.
        </p>
      )}
    </Modal>
  );

  function actionsOf() {
    if (view.kind === 'group' || view.kind === 'rule') {
      const busy = view.kind === 'group' ? saveGroup.isPending : saveRule.isPending;
      return (
        <DialogActions
          onCancel={back}
          form={FORM_ID}
          busy={busy}
          label="Save"
          busyLabel="Saving..."
        />
      );
    }
    if (view.kind === 'delete') {
      const { target, id } = view;
      return (
        <DialogActions
          onCancel={back}
          onConfirm={() => remove.mutate({ kind: target, id })}
          busy={remove.isPending}
          label="Delete"
          busyLabel="Deleting..."
        />
      );
    }
    return (
      <>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
        <Button disabled={!groups.data} onClick={() => setView({ kind: 'group' })}>
          Add group
        </Button>
        <Button disabled={!groups.data?.length} onClick={() => setView({ kind: 'rule' })}>
          Add rule
        </Button>
      </>
    );
  }
}
