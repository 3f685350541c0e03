import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { listDatastreamsQueryOptions } from '../../api/queries/structures';
import {
  assignBridgesMutationOptions,
  assignDatastreamsMutationOptions,
} from '../../api/mutations/users';
import { withEffects } from '../../api/mutations/with-effects';
import type { User } from '../../api/queries/users';
import { AssignModal } from './assign-modal';
import { useNotify } from '../../ui/use-notify';
import { USER_TOASTS } from './user-messages';
import { useFailureNotice } from '../../ui/use-failure-notice';

interface Props {
  user: User;
  onClose: () => void;
}

/** Spec §2: every bridge by name; the user's current bridges pre-checked. */
export function AssignBridgesModal({ user, onClose }: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const bridges = useQuery(listBridgesQueryOptions(api));
  useFailureNotice(bridges.isError ? USER_TOASTS.fetchBridgesFailed : null, {
    as: 'toast',
    occurrence: bridges.errorUpdatedAt,
  });

  const assign = useMutation(
    withEffects(assignBridgesMutationOptions(api, queryClient, user.id), {
      onSuccess: () => {
        notify('success', USER_TOASTS.bridgesAssigned);
        onClose();
      },
      onError: () => notify('error', USER_TOASTS.bridgesFailed),
    }),
  );

  return (
    <AssignModal
      title={`Assign Bridges to ${user.username}`}
      noun={{ one: 'bridge', other: 'bridges' }}
      options={(bridges.data ?? []).map((b) => ({ id: b.id, label: b.name }))}
      loading={bridges.isPending}
      initial={user.bridges}
      busy={assign.isPending}
      onAssign={(ids) => assign.mutate(ids)}
      onClose={onClose}
    />
  );
}

/** Spec §2: every data stream by stream_id; the user's current streams pre-checked. */
export function AssignDatastreamsModal({ user, onClose }: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const streams = useQuery(listDatastreamsQueryOptions(api));
  useFailureNotice(streams.isError ? USER_TOASTS.fetchStreamsFailed : null, {
    as: 'toast',
    occurrence: streams.errorUpdatedAt,
  });

  const assign = useMutation(
    withEffects(assignDatastreamsMutationOptions(api, queryClient, user.id), {
      onSuccess: () => {
        notify('success', USER_TOASTS.streamsAssigned);
        onClose();
      },
      onError: () => notify('error', USER_TOASTS.streamsFailed),
    }),
  );

  return (
    <AssignModal
      title={`Assign Data Streams to ${user.username}`}
      noun={{ one: 'data stream', other: 'data streams' }}
      options={(streams.data ?? []).map((s) => ({ id: s.id, label: s.stream_id }))}
      loading={streams.isPending}
      initial={user.datastreams}
      busy={assign.isPending}
      onAssign={(ids) => assign.mutate(ids)}
      onClose={onClose}
    />
  );
}
