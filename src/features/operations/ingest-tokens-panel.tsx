import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import { createIngestTokenMutationOptions } from '../../api/mutations/operations';
import { withEffects } from '../../api/mutations/with-effects';
import {
  type IngestToken,
  type IngestTokenCreated,
  ingestTokensQueryOptions,
} from '../../api/queries/operations';
import { formatDateTime } from '../../../domain/formats';
import { Button } from '../../ui/button';
import { HistoryLink } from '../../ui/history-link';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import * as pageStyles from '../../ui/management-page.css';
import * as styles from './operations.css';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenCreatedDialog } from './token-created-dialog';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { useFormFields } from '../../ui/use-form-fields';
import {
  type IngestTokenFormValues,
  TOKEN_NAME_MAX,
  checkIngestTokenForm,
} from './ingest-token-form';

const COLUMNS: DataTableColumn<IngestToken>[] = [
  { id: 'name', header: 'Name', value: (t) => t.name },
  { id: 'prefix', header: 'Prefix', value: (t) => `${t.prefix}…` },
  { id: 'created', header: 'Created', value: (t) => formatDateTime(t.created_at) },
  {
    id: 'used',
    header: 'Last used',
    value: (t) => (t.last_used_at ? formatDateTime(t.last_used_at) : 'Never'),
  },
  {
    id: 'status',
    header: 'Status',
    value: (t) => (t.revoked_at ? `Revoked ${formatDateTime(t.revoked_at)}` : 'Active'),
  },
];

/** Staff make, list and revoke the tokens a bridge's gateways send readings with. */
export function IngestTokensPanel({ bridges }: { bridges: Bridge[] }) {
  const headingId = useId();
  const [bridgeId, setBridgeId] = useState<number | null>(null);
  const selected = bridges.find((b) => b.id === bridgeId) ?? null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Ingest tokens
      </h2>
      <SelectField
        label="Bridge"
        placeholder="Select a bridge"
        value={bridgeId === null ? '' : String(bridgeId)}
        onChange={(event) => setBridgeId(event.target.value ? Number(event.target.value) : null)}
        options={bridges.map((b) => ({ value: String(b.id), label: b.name }))}
      />
      {selected ? (
        <BridgeTokens bridge={selected} />
      ) : (
        <p className={styles.muted}>Select a bridge to see and make its ingest tokens.</p>
      )}
    </section>
  );
}

function BridgeTokens({ bridge }: { bridge: Bridge }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const tokens = useQuery(ingestTokensQueryOptions(api, bridge.id));
  const { values, setValues, errors, setErrors, set } = useFormFields<IngestTokenFormValues>({
    name: '',
  });
  const [created, setCreated] = useState<IngestTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<IngestToken | null>(null);

  const create = useMutation(
    withEffects(createIngestTokenMutationOptions(api, queryClient, bridge.id), {
      onSuccess: (token) => {
        setCreated(token);
        setValues({ name: '' });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkIngestTokenForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(values.name.trim());
  };

  const actions = (token: IngestToken) => (
    <div className={pageStyles.rowActions}>
      {!token.revoked_at && (
        <button
          type="button"
          className={pageStyles.actionButton}
          aria-label={`Revoke ${token.name}`}
          onClick={() => setRevoking(token)}
        >
          Revoke
        </button>
      )}
      {/* A revoked token keeps its history: who made it and who revoked it. */}
      <HistoryLink objectType="ingest_token" objectId={token.id} name={token.name} />
    </div>
  );

  const createFailure = useFailureNotice(create.error?.message, { as: 'banner' });
  const tokensFailure = useFailureNotice(tokens.error?.message, { as: 'banner' });
  return (
    <>
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <TextField
          label="Token name"
          placeholder="e.g. west gateway"
          value={values.name}
          maxLength={TOKEN_NAME_MAX}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </form>
      {createFailure}
      {tokensFailure}
      <DataTable
        label={`Ingest tokens of ${bridge.name}`}
        columns={COLUMNS}
        rows={tokens.data ?? []}
        rowKey={(t) => t.id}
        loading={tokens.isPending}
        emptyMessage="No ingest tokens yet."
        actions={actions}
      />
      {created && <TokenCreatedDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeTokenDialog
          bridgeId={bridge.id}
          token={revoking}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  );
}
