import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationSettingsUpdate = components['schemas']['NotificationSettingsUpdate'];
type PhoneVerificationSent = components['schemas']['PhoneVerificationSent'];

const KEY = ['me', 'notification-settings'] as const;
const PATH = '/api/v1/me/notification-settings';

/** The signed-in user's own channels, phone and quiet hours (decision 050). */
export function notificationSettingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: KEY,
    queryFn: (): Promise<NotificationSettings> =>
      answerOf(api.GET(PATH), 'Failed to load your notification settings'),
  });
}

/** Each change answers with the settings as they now stand: the cache takes them as they are. */
const keep = (queryClient: QueryClient) => (settings: NotificationSettings) => {
  queryClient.setQueryData(KEY, settings);
};

export function saveNotificationSettingsMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: NotificationSettingsUpdate): Promise<NotificationSettings> =>
      answerOf(api.PUT(PATH, { body }), 'Failed to save your notification settings'),
    onSuccess: keep(queryClient),
  });
}

export function requestPhoneCodeMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (phone: string): Promise<PhoneVerificationSent> =>
      answerOf(
        api.POST(`${PATH}/phone/verify-request`, { body: { phone } }),
        'Failed to text a code',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function verifyPhoneMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (code: string): Promise<NotificationSettings> =>
      answerOf(api.POST(`${PATH}/phone/verify`, { body: { code } }), 'Failed to check the code'),
    onSuccess: keep(queryClient),
  });
}
