import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';

/** Bridge Management's Create Sensor dialog on north_span, its required fields filled. */
export async function openCreateSensor() {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Spans' }));
  await user.click(await screen.findByRole('button', { name: 'Add a sensor to north_span' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Sensor on north_span' });
  await fill(user, within(dialog).getByLabelText('Sensor ID'), 'LG-ACC-3');
  await user.selectOptions(within(dialog).getByLabelText('Type'), 'accelerometer');
  await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
  await fill(user, within(dialog).getByLabelText('Installation date'), '2025-05-01');
  return { user, dialog };
}
