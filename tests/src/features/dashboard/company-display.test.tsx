import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, cbSensor, cbStream, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

// Decision 064: a bridge's dashboard writes times in its company's zone and values in its units.
const halifax = {
  ...confederation,
  display: { time_zone: 'America/Halifax', units: 'imperial' as const },
};
const thermometer = { ...cbSensor, type: 'temperature' as const, sensor_id: 'CB-T-1' };
const temperatures = { ...cbStream, stream_id: 'CB-temp', data_type: 'temperature' as const };

async function openHalifax(units: 'metric' | 'imperial' = 'imperial') {
  serveDashboard(server, {
    bridges: [{ ...halifax, display: { ...halifax.display, units } }],
    sensors: [thermometer],
    datastreams: [temperatures],
    alerts: [anAlert({ id: 8, raised_at: '2026-11-20T09:00:00.000Z' })],
  });
  await renderApp(`/dashboard?bridge=${confederation.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Confederation Bridge Health condition' });
}

describe("a dashboard in its company's time zone and units (decision 064)", () => {
  it('writes times in the company zone, named, and says so once', async () => {
    await openHalifax();
    expect(
      screen.getByText(
        'Times in America/Halifax, the time zone of the company that owns this bridge.',
      ),
    ).toBeInTheDocument();
    // The reader's zone here is UTC; 09:30 UTC is 05:30 in Halifax (AST, UTC−4, in November).
    const evaluated = document.querySelector('time[datetime="2026-11-20T09:30:00.000Z"]');
    expect(evaluated).toHaveTextContent('Nov 20, 2026, 5:30 AM AST');
    // Every time on the page (the alert's, the cards' updates) is Halifax's, named.
    const times = [...document.querySelectorAll('time')].map((t) => t.textContent);
    expect(times.length).toBeGreaterThan(3);
    for (const text of times) expect(text).toMatch(/ AST$/);
  });

  it('writes the alert details dialog in the company zone too', async () => {
    await openHalifax();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Alert details' });
    // Raised at 09:00 UTC: 05:00 in Halifax.
    expect(within(dialog).getByText('Nov 20, 2026, 5:00 AM AST')).toBeInTheDocument();
  });

  it('draws a temperature stream in °F in an imperial company', async () => {
    await openHalifax();
    const card = await screen.findByRole('article', { name: /Thermometer/ });
    expect(await within(card).findByText('Temperature (°F)')).toBeInTheDocument();
    expect(within(card).queryByText('Temperature (°C)')).not.toBeInTheDocument();
  });

  it('keeps °C for a metric company', async () => {
    await openHalifax('metric');
    const card = await screen.findByRole('article', { name: /Thermometer/ });
    expect(await within(card).findByText('Temperature (°C)')).toBeInTheDocument();
  });

  it("falls back to the reader's own zone when the company set none", async () => {
    serveDashboard(server, { bridges: [confederation] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(
      await screen.findByText('Times in your time zone (UTC); the company has set none.'),
    ).toBeInTheDocument();
    const evaluated = document.querySelector('time[datetime="2026-11-20T09:30:00.000Z"]');
    expect(evaluated).toHaveTextContent(/^Nov 20, 2026, 9:30\sAM$/);
  });
});
