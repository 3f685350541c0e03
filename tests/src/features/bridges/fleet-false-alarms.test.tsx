import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { confederation, lionsGate, serveStructures } from './fixtures';

const server = setupMswServer();

async function openWith(bridges: object[], isStaff: boolean) {
  serveStructures(server);
  server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json(bridges)));
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
}

describe('expected false alarms across the listed bridges (issue 15)', () => {
  it('sums each bridge’s expectation, for operators as for staff', async () => {
    await openWith(
      [
        { ...lionsGate, expected_false_episodes_per_month: 0.25 },
        { ...confederation, expected_false_episodes_per_month: 0.15 },
      ],
      false,
    );
    expect(
      screen.getByText('Expected false alarms: about 0.4 episodes a month across these 2 bridges'),
    ).toBeInTheDocument();
  });

  it('says which bridges it covers when some were never assessed', async () => {
    await openWith(
      [
        { ...lionsGate, expected_false_episodes_per_month: 0.36 },
        { ...confederation, expected_false_episodes_per_month: null },
      ],
      true,
    );
    expect(
      screen.getByText(
        'Expected false alarms: about 0.4 episodes a month across the 1 assessed of these 2 bridges',
      ),
    ).toBeInTheDocument();
  });
});
