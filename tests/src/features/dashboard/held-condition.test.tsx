import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, confederation, serveDashboard } from './fixtures';

// Decision 017, amendment 2026-12-02 (b): an evaluation that judged too little of its period
// (the six-month demo's May warmth) holds the condition of the last one that judged enough.

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const strip = () => screen.findByRole('region', { name: 'Status of Confederation Bridge' });
const facts = (element: HTMLElement) =>
  Object.fromEntries(
    [...element.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling]),
  );

describe('a condition held because too little was judged', () => {
  it('shows the last judged condition, never Good, and says why in words', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        held_condition: {
          num_anomalies: 2,
          from: '2026-05-18T09:30:00.000Z',
          judged_share: 0.034,
        },
      }),
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const status = await strip();
    const index = within(status).getByRole('region', { name: 'Bridge Condition Index' });
    expect(facts(index).Condition).toHaveTextContent('Fair');
    expect(facts(index).Condition).not.toHaveTextContent('Good');
    const held = facts(index)['Condition held'];
    expect(held).toHaveTextContent(
      /^Condition held from .+: only 3 % of the last day's windows were within the conditions the reference learnt$/,
    );
    expect(held?.querySelector('time')).toHaveAttribute('datetime', '2026-05-18T09:30:00.000Z');
    const situation = within(status).getByRole('region', { name: 'Current situation' });
    expect(situation).toHaveTextContent('Condition held: 2 Anomalies Detected');
    expect(screen.queryByText('Normal Operation')).not.toBeInTheDocument();
  });

  it('says a better condition needs three quarters when a quieter week judged more than a quarter', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        held_condition: { num_anomalies: 6, from: '2026-05-18T09:30:00.000Z', judged_share: 0.6 },
      }),
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const index = within(await strip()).getByRole('region', { name: 'Bridge Condition Index' });
    expect(facts(index).Condition).toHaveTextContent('Critical');
    expect(facts(index)['Condition held']).toHaveTextContent(
      /^Condition held from .+: only 60 % of the last day's windows were within the conditions the reference learnt, and a better condition needs 75 % of them$/,
    );
  });

  it('reads Not assessed when nothing has been judged enough yet', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 0,
        held_condition: { num_anomalies: null, from: null, judged_share: 0 },
      }),
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const index = within(await strip()).getByRole('region', { name: 'Bridge Condition Index' });
    expect(facts(index).Condition).toHaveTextContent('Not assessed');
    expect(facts(index).Anomalies).toHaveTextContent(
      "Not assessed: only 0 % of the last day's windows were within the conditions the reference learnt",
    );
  });
});
