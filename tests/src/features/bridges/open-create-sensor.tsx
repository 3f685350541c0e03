import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';

/** The spec's create body (spec §7) of the form openCreateSensor fills, nothing optional filled. */
export const SPEC_BODY = {
  bridge: 1,
  span: 11,
  sensor_id: 'LG-ACC-3',
  type: 'accelerometer',
  status: 'active',
  installation_date: '2025-05-01',
  manufacturer: null,
  model_number: null,
  last_calibration_date: null,
  next_calibration_date: null,
};

/** Staff's Create Sensor form on north_span, its spec fields filled for sensor LG-ACC-3. */
export async function openCreateSensor(type = 'accelerometer') {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Spans' }));
  await user.click(await screen.findByRole('button', { name: 'Add a sensor to north_span' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Sensor on north_span' });
  await fill(user, within(dialog).getByLabelText('Sensor ID'), 'LG-ACC-3');
  await user.selectOptions(within(dialog).getByLabelText('Type'), type);
  await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
  await fill(user, within(dialog).getByLabelText('Installation date'), '2025-05-01');
  return { user, dialog };
}
