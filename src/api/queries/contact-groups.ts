import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type ContactGroup = components['schemas']['ContactGroup'];
export type ContactGroupInput = components['schemas']['ContactGroupInput'];
export type NotificationRule = components['schemas']['NotificationRule'];
export type NotificationRuleInput = components['schemas']['NotificationRuleInput'];

/** A company's contact groups, oldest first (decision 060). */
export function listContactGroupsQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: ['companies', companyId, 'contact-groups'] as const,
    queryFn: (): Promise<ContactGroup[]> =>
      answerOf(
        api.GET('/api/v1/companies/{id}/contact-groups', { params: { path: { id: companyId } } }),
        'Failed to load the contact groups',
      ),
  });
}

/** A company's notification rules, oldest first (decision 060). */
export function listNotificationRulesQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: ['companies', companyId, 'notification-rules'] as const,
    queryFn: (): Promise<NotificationRule[]> =>
      answerOf(
        api.GET('/api/v1/companies/{id}/notification-rules', {
          params: { path: { id: companyId } },
        }),
        'Failed to load the notification rules',
      ),
  });
}
