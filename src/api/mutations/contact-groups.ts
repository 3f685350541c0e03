import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import type {
  ContactGroup,
  ContactGroupInput,
  NotificationRule,
  NotificationRuleInput,
} from '../queries/contact-groups';

/** A new record, or a stored one replaced whole. */
export type Change<Body> =
  { kind: 'create'; body: Body } | { kind: 'update'; id: number; body: Body };

/** A group's removal removes its rules: everything under the company's key is read again. */
const refresh = (queryClient: QueryClient, companyId: number) =>
  queryClient.invalidateQueries({ queryKey: ['companies', companyId] });

export function saveContactGroupMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const id = companyId;
  return mutationOptions({
    mutationFn: (change: Change<ContactGroupInput>): Promise<ContactGroup> =>
      answerOf(
        change.kind === 'create'
          ? api.POST('/api/v1/companies/{id}/contact-groups', {
              params: { path: { id } },
              body: change.body,
            })
          : api.PUT('/api/v1/companies/{id}/contact-groups/{groupId}', {
              params: { path: { id, groupId: change.id } },
              body: change.body,
            }),
        'Failed to save the contact group',
      ),
    onSuccess: () => refresh(queryClient, companyId),
  });
}

export function saveNotificationRuleMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const id = companyId;
  return mutationOptions({
    mutationFn: (change: Change<NotificationRuleInput>): Promise<NotificationRule> =>
      answerOf(
        change.kind === 'create'
          ? api.POST('/api/v1/companies/{id}/notification-rules', {
              params: { path: { id } },
              body: change.body,
            })
          : api.PUT('/api/v1/companies/{id}/notification-rules/{ruleId}', {
              params: { path: { id, ruleId: change.id } },
              body: change.body,
            }),
        'Failed to save the notification rule',
      ),
    onSuccess: () => refresh(queryClient, companyId),
  });
}

/** Removes a group or a rule, as `target` says. */
export function deleteRoutingMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const id = companyId;
  return mutationOptions({
    mutationFn: (target: { kind: 'group' | 'rule'; id: number }) =>
      target.kind === 'group'
        ? completed(
            api.DELETE('/api/v1/companies/{id}/contact-groups/{groupId}', {
              params: { path: { id, groupId: target.id } },
            }),
            'Failed to delete the contact group',
          )
        : completed(
            api.DELETE('/api/v1/companies/{id}/notification-rules/{ruleId}', {
              params: { path: { id, ruleId: target.id } },
            }),
            'Failed to delete the notification rule',
          ),
    onSuccess: () => refresh(queryClient, companyId),
  });
}
