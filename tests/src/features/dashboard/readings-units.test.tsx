import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReadingSeries } from '../../../../src/api/queries/readings';
import type { Datastream } from '../../../../src/api/queries/structures';
import { ReadingsChart } from '../../../../src/features/dashboard/stream-readings';
import { DisplaySettingsProvider, type DisplaySettings } from '../../../../src/ui/display-settings';
import { cbStream } from './fixtures';

// Two minutes of readings stored in SI, the same numbers read as °C, mm or m/s² by the stream.
const series: ReadingSeries = {
  datastream: cbStream.id,
  from: '2026-11-20T08:00:00.000Z',
  to: '2026-11-20T10:00:00.000Z',
  level: 'minute',
  points: [
    { t: '2026-11-20T08:00:00.000Z', min: 10, max: 30, mean: 20, count: 60 },
    { t: '2026-11-20T09:00:00.000Z', min: 10, max: 30, mean: 20, count: 60 },
  ],
};

async function pointRead(stream: Datastream, display: DisplaySettings): Promise<string | null> {
  render(
    <DisplaySettingsProvider value={display}>
      <ReadingsChart series={series} stream={stream} />
    </DisplaySettingsProvider>,
  );
  // Focusing the chart reads its newest point, as a keyboard user hears it.
  await userEvent.setup().tab();
  return screen.getByRole('slider').getAttribute('aria-valuetext');
}

describe('readings in the company units and zone (decision 064)', () => {
  it('writes a temperature in °F, at the company clock', async () => {
    const stream = { ...cbStream, data_type: 'temperature' as const };
    const text = await pointRead(stream, { timeZone: 'America/Halifax', units: 'imperial' });
    expect(screen.getByText('Temperature (°F)')).toBeInTheDocument();
    expect(text).toBe('Nov 20, 05:00 AM\nmean 68.0, min 50.0, max 86.0 °F');
  });

  it('writes a displacement in inches', async () => {
    const stream = { ...cbStream, data_type: 'displacement' as const };
    const text = await pointRead(stream, { timeZone: undefined, units: 'imperial' });
    expect(screen.getByText('Displacement (in)')).toBeInTheDocument();
    expect(text).toMatch(/mean 0\.787, min 0\.394, max 1\.18 in$/);
  });

  it('keeps an acceleration in m/s² whatever the units', async () => {
    const text = await pointRead(cbStream, { timeZone: undefined, units: 'imperial' });
    expect(screen.getByText('Acceleration (m/s²)')).toBeInTheDocument();
    expect(text).toMatch(/mean 20\.0, min 10\.0, max 30\.0 m\/s²$/);
  });
});
