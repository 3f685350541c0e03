import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReadingSeries } from '../../../../src/api/queries/readings';
import { ReadingsChart } from '../../../../src/features/dashboard/stream-readings';
import { datastreams } from '../bridges/fixtures';

const stream = datastreams[0] ?? datastreams[1];
const HOUR = 3_600_000;
const start = Date.parse('2026-11-20T00:00:00Z');
const at = (hours: number) => new Date(start + hours * HOUR).toISOString();

function series(outOfCalibration?: ReadingSeries['out_of_calibration']): ReadingSeries {
  return {
    datastream: 31,
    from: at(0),
    to: at(10),
    level: 'minute',
    points: Array.from({ length: 11 }, (_, i) => ({
      t: at(i),
      min: -1,
      max: 1,
      mean: 0,
      count: 60,
    })),
    ...(outOfCalibration ? { out_of_calibration: outOfCalibration } : {}),
  };
}

describe('readings out of calibration on the chart (issue 20)', () => {
  it('shades each range inside the chart and names it in the legend and caption', () => {
    if (!stream) throw new Error('fixture missing');
    const { container } = render(
      <ReadingsChart
        stream={stream}
        series={series([
          { from: at(-5), to: at(2) },
          { from: at(6), to: at(8) },
          { from: at(20), to: at(30) },
        ])}
      />,
    );
    expect(container.querySelectorAll('[data-testid="out-of-calibration"]')).toHaveLength(2);
    expect(screen.getByText('Out of calibration')).toBeInTheDocument();
    expect(
      screen.getByText(/11 points; shaded where a sensor was out of calibration/),
    ).toBeInTheDocument();
  });

  it('shades nothing and says nothing when every reading was calibrated', () => {
    if (!stream) throw new Error('fixture missing');
    const { container } = render(<ReadingsChart stream={stream} series={series([])} />);
    expect(container.querySelectorAll('[data-testid="out-of-calibration"]')).toHaveLength(0);
    expect(screen.queryByText('Out of calibration')).not.toBeInTheDocument();
    expect(screen.queryByText(/out of calibration/)).not.toBeInTheDocument();
  });
});
