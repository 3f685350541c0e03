import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IngestToken } from '../../../../src/api/queries/operations';
import { IngestTokensPanel } from '../../../../src/features/operations/ingest-tokens-panel';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { confederation } from '../dashboard/fixtures';
import { renderPage } from '../users/render-page';

const server = setupMswServer();

const token = (
  overrides: Partial<IngestToken> & Pick<IngestToken, 'id' | 'name'>,
): IngestToken => ({
  bridge: confederation.id,
  prefix: 'sw_ab12',
  mqtt_username: `bridge-${confederation.id}-token-${overrides.id}`,
  created_at: '2026-11-01T08:00:00Z',
  last_used_at: null,
  revoked_at: null,
  ...overrides,
});

describe("ingest token rows' History (issue 20)", () => {
  it('link each token, revoked ones too, to the audit view filtered on it', async () => {
    server.use(
      http.get(apiUrl('/api/v1/bridges/:id/ingest-tokens'), () =>
        HttpResponse.json([
          token({ id: 12, name: 'west gateway' }),
          token({ id: 9, name: 'old gateway', revoked_at: '2026-11-10T08:00:00Z' }),
        ]),
      ),
    );
    const user = userEvent.setup();
    renderPage(() => <IngestTokensPanel bridges={[confederation]} />);
    await user.selectOptions(await screen.findByLabelText('Bridge'), confederation.name);

    expect(
      await screen.findByRole('link', { name: 'History of west gateway' }, { timeout: 4000 }),
    ).toHaveAttribute('href', '/audit?object_type=ingest_token&object_id=12');
    expect(screen.getByRole('link', { name: 'History of old gateway' })).toHaveAttribute(
      'href',
      '/audit?object_type=ingest_token&object_id=9',
    );
    // Only the token still working can be revoked.
    expect(screen.getByRole('button', { name: 'Revoke west gateway' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke old gateway' })).not.toBeInTheDocument();
  });
});
