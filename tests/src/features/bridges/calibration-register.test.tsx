import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { fill } from '../users/fill';
import { renderPage } from '../users/render-page';
import { formatCalendarDate } from '../../../../domain/formats';
import { sensors, serveStructures } from './fixtures';

type S = components['schemas'];
const server = setupMswServer();

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** The same day as the screen writes it. */
const shownDay = (days: number) => formatCalendarDate(dayFromToday(days), 'medium');

const gauge: S['Sensor'] = {
  ...(sensors[0] as S['Sensor']),
  last_calibration_date: dayFromToday(-340),
  next_calibration_date: dayFromToday(10),
};
const overdueGauge: S['Sensor'] = {
  ...gauge,
  id: 22,
  sensor_id: 'LG-SG-2',
  next_calibration_date: dayFromToday(-3),
};
const first: S['Calibration'] = {
  id: 1,
  sensor: 21,
  calibrated_on: dayFromToday(-700),
  calibrated_by: 'Recorded on the sensor',
  certificate: null,
  gauge_factor: null,
  sensitivity: null,
  offset: null,
  next_due: dayFromToday(-340),
};
const second: S['Calibration'] = {
  ...first,
  id: 2,
  calibrated_on: dayFromToday(-340),
  calibrated_by: 'Hudson Metrology',
  certificate: 'HM-2025-118',
  sensitivity: 1.02,
  offset: -0.5,
  next_due: dayFromToday(10),
};

/** The register as a server keeps it: a POST adds to what the next GET answers. */
function serveRegister() {
  const history = [first, second];
  const posted: unknown[] = [];
  serveStructures(server);
  server.use(
    http.get(apiUrl('/api/v1/sensors'), () => HttpResponse.json([gauge, overdueGauge])),
    http.get(apiUrl('/api/v1/sensors/21/calibrations'), () => HttpResponse.json(history)),
    http.get(apiUrl('/api/v1/sensors/22/calibrations'), () => HttpResponse.json([])),
    http.post(apiUrl('/api/v1/sensors/21/calibrations'), async ({ request }) => {
      const body = (await request.json()) as Omit<S['Calibration'], 'id' | 'sensor'>;
      posted.push(body);
      const entry = { ...first, ...body, id: 3, sensor: 21 };
      history.push(entry);
      return HttpResponse.json(entry, { status: 201 });
    }),
  );
  return posted;
}

async function openSensors(isStaff = true) {
  const user = userEvent.setup();
  renderPage(() => <BridgesPage isStaff={isStaff} />);
  await screen.findByRole('cell', { name: 'Lions Gate' }, { timeout: 4000 });
  await user.click(screen.getByRole('tab', { name: 'Sensors' }));
  await screen.findByRole('cell', { name: 'LG-SG-2' });
  return user;
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('calibration register in the Sensors tab', () => {
  it('shows a due and an overdue calibration in the sensor rows', async () => {
    serveRegister();
    await openSensors();
    expect(rowOf('LG-ACC-1')).toHaveTextContent(
      `Under Maintenance Calibration due ${shownDay(10)}`,
    );
    expect(rowOf('LG-SG-2')).toHaveTextContent(`Calibration overdue since ${shownDay(-3)}`);
  });

  it('lists a sensor’s history newest first with by whom, certificate, factors and next due', async () => {
    serveRegister();
    const user = await openSensors();
    await user.click(screen.getByRole('button', { name: 'Calibrations of LG-ACC-1' }));
    const register = screen.getByRole('region', { name: 'Calibration register of LG-ACC-1' });
    await within(register).findByRole('cell', { name: 'Hudson Metrology' });
    const rows = within(register).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Hudson Metrology',
      'Recorded on the sensor',
    ]);
    expect(rows[0]).toHaveTextContent('HM-2025-118');
    expect(rows[0]).toHaveTextContent('sensitivity 1.02, offset -0.5');
    expect(rows[0]).toHaveTextContent(shownDay(10));
  });

  it('checks a new calibration, then records it and shows it in the register', async () => {
    const posted = serveRegister();
    const user = await openSensors();
    await user.click(screen.getByRole('button', { name: 'Calibrations of LG-ACC-1' }));
    await user.click(await screen.findByRole('button', { name: 'Add calibration' }));
    const dialog = screen.getByRole('dialog', { name: 'Add calibration of LG-ACC-1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Calibration date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Calibrated by is required')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Calibrated on'), dayFromToday(0));
    await fill(user, within(dialog).getByLabelText('Calibrated by'), 'Anna Petrov');
    await fill(user, within(dialog).getByLabelText('Certificate reference'), 'CERT-77');
    await fill(user, within(dialog).getByLabelText('Gauge factor'), '250');
    await fill(user, within(dialog).getByLabelText('Next due'), dayFromToday(-1));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Gauge factor must be a number between 0 and 100'),
    ).toBeVisible();
    expect(within(dialog).getByText('Next due must be after the calibration date')).toBeVisible();
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Gauge factor'));
    await fill(user, within(dialog).getByLabelText('Gauge factor'), '2.1');
    await user.clear(within(dialog).getByLabelText('Next due'));
    await fill(user, within(dialog).getByLabelText('Next due'), dayFromToday(365));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      {
        calibrated_on: dayFromToday(0),
        calibrated_by: 'Anna Petrov',
        certificate: 'CERT-77',
        gauge_factor: 2.1,
        sensitivity: null,
        offset: null,
        next_due: dayFromToday(365),
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Anna Petrov' })).toBeInTheDocument();
    expect(screen.getByText('Calibration recorded')).toBeInTheDocument();
    // A dialog full of fields is slow to fill on a busy machine.
  }, 30_000);

  it('lets other users read the register of a sensor they select, without Add calibration', async () => {
    serveRegister();
    const user = await openSensors(false);
    await user.selectOptions(screen.getByLabelText('Bridge'), 'Lions Gate');
    await user.selectOptions(screen.getByLabelText('Span'), 'north_span');
    await user.selectOptions(screen.getByLabelText('Sensor'), 'LG-ACC-1');
    expect(await screen.findByRole('cell', { name: 'Hudson Metrology' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add calibration' })).not.toBeInTheDocument();
  });
});
