import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { NARROW_SCREEN } from '../../../../src/features/dashboard/narrow-screen';
import { formatCalendarDate } from '../../../../domain/formats';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, confederation, serveDashboard } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const inspections: S['BridgeInspections'] = {
  inspections: [
    {
      id: 1,
      bridge: confederation.id,
      inspected_on: '2024-11-12',
      kind: 'routine',
      inspector: 'J. Roy',
      rating: { scale: 'NBI', deck: 6, superstructure: 5, substructure: 6 },
      findings: null,
      attachments: [],
      photos: [],
      next_due: '2026-11-12',
    },
  ],
  schedule: [
    {
      bridge: confederation.id,
      bridge_name: confederation.name,
      kind: 'routine',
      last_inspected_on: '2024-11-12',
      next_due: '2026-11-12',
      status: 'overdue',
      shortened: true,
      condition: 'Critical',
    },
  ],
};

/** A screen as wide as `width` CSS pixels, as far as media queries go (jsdom has no layout). */
function screenOf(width: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'phone' && query === NARROW_SCREEN,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
  serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 13 }), inspections });
});
afterEach(() => vi.unstubAllGlobals());

const facts = (element: HTMLElement) =>
  Object.fromEntries(
    [...element.querySelectorAll(':scope > dl > dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling as HTMLElement,
    ]),
  );

async function conditionCard() {
  await renderApp(`/dashboard?bridge=${confederation.id}`);
  const strip = await screen.findByRole('region', { name: `Status of ${confederation.name}` });
  const card = within(strip).getByRole('region', { name: 'Bridge Condition Index' });
  // The inspections arrive after the evaluation.
  await waitFor(() => expect(card).toHaveTextContent('Superstructure 5'));
  return { strip, card };
}

describe('status strip on a 390 px phone (issue 18 review)', () => {
  it('says the inspection in one line, with the details behind a disclosure', async () => {
    screenOf('phone');
    const { card } = await conditionCard();
    const inspection = facts(card).Inspection;
    const summary = inspection?.querySelector('summary');
    expect(summary).toHaveTextContent(
      `Last ${formatCalendarDate('2024-11-12', 'medium')} · next due ${formatCalendarDate('2026-11-12', 'medium')} (overdue)`,
    );
    // The long entries the desktop lists are one tap away, not on the first screen.
    expect(facts(card)['Last inspection']).toBeUndefined();
    expect(facts(card)['Days to next maintenance']).toBeUndefined();
    const details = within(inspection as HTMLElement).getByText(/Deck 6 · Superstructure 5/);
    expect(details).not.toBeVisible();
    await userEvent.setup().click(summary as HTMLElement);
    expect(details).toBeVisible();
    expect(within(inspection as HTMLElement).getByRole('link')).toHaveTextContent(
      'interval shortened by the condition',
    );
    expect(inspection).toHaveTextContent('Days to next maintenance7');
  });

  it('keeps the monitoring status to the last data, the period behind a disclosure', async () => {
    screenOf('phone');
    const { strip } = await conditionCard();
    const monitoring = within(strip).getByRole('region', { name: 'Bridge Monitoring Status' });
    expect(Object.keys(facts(monitoring))).toEqual(['Last data received']);
    const period = within(monitoring).getByText('Evaluation period');
    expect(period).not.toBeVisible();
    await userEvent.setup().click(within(monitoring).getByText('Evaluation period and refresh'));
    expect(period).toBeVisible();
  });

  it('lists every inspection fact in full on a desktop', async () => {
    screenOf('desktop');
    const { card } = await conditionCard();
    expect(Object.keys(facts(card))).toEqual([
      'Condition',
      'Last inspection',
      'Next inspection due',
      'Anomalies',
      'Assessed',
      'Days to next maintenance',
      'Threat level',
    ]);
    expect(card.querySelector('details')).toBeNull();
  });

  it('puts the monthly report after the active alerts, so they come first on a phone', async () => {
    screenOf('phone');
    await conditionCard();
    const alerts = screen.getByRole('region', { name: /^Active Alerts/ });
    const report = await screen.findByRole('button', { name: /monthly report/i });
    expect(alerts.compareDocumentPosition(report)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});
