import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_SCREEN } from '../../../../src/features/dashboard/narrow-screen';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnomalyReport, confederation, serveDashboard } from './fixtures';

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

const monitoring = async () =>
  within(await screen.findByRole('region', { name: 'Status of Confederation Bridge' })).getByRole(
    'region',
    { name: 'Bridge Monitoring Status' },
  );

/** The facts of a list as label → text. */
const factsOf = (region: HTMLElement) =>
  Object.fromEntries(
    [...region.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling]),
  );

const learning = anAnomalyReport({
  learned_months: 4,
  learned_frost: false,
  // 1 of the fixture's 5 windows was colder than anything learnt.
  outside_learned_conditions: 1,
  missing_mode_rate: 0.032,
  frequencies: [
    {
      feature: 'confederation-s1-acc.f1',
      datastream: 'confederation-s1-acc',
      mode: 1,
      hz: 2.4123,
      uncertainty_hz: 0.0061,
      at: '2026-11-20T09:20:00.000Z',
    },
    {
      feature: 'confederation-s1-acc.f2',
      datastream: 'confederation-s1-acc',
      mode: 2,
      hz: 7.9,
      uncertainty_hz: null,
      at: '2026-11-20T09:20:00.000Z',
    },
  ],
});

describe('what the analysis knows, on the dashboard (issue 15)', () => {
  it('says how much of the year is learnt, what was not judged, the missing modes and f ± u', async () => {
    serveDashboard(server, { report: learning });
    renderApp(`/dashboard?bridge=${confederation.id}`);
    const facts = factsOf(await monitoring());
    expect(facts.Baseline).toHaveTextContent('Learning: 4 of 12 months of conditions seen');
    expect(facts['Outside learned conditions']).toHaveTextContent('1 of 5 windows, not judged');
    expect(facts['Missing modes']).toHaveTextContent('3.2 % of tracked frequencies not found');
    const lines = within(facts['Tracked frequencies'] as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'confederation-s1-acc: f1 2.412 Hz ± 0.006 Hz (0.25 %)',
      'confederation-s1-acc: f2 7.900 Hz (uncertainty not known yet)',
    ]);
    // On a desktop they wait behind a disclosure too, so the alerts start on the first screen.
    expect(facts.Baseline).not.toBeVisible();
  });

  // Decision 076 (d): an SSI mode names no data stream; its label says which span's mode it is.
  it("names a tracked SSI mode by its span's mode, in a report stored before its label too", async () => {
    const ssi = {
      feature: 'ssi.f1',
      datastream: null,
      label: 'Main span mode 1 (SSI, 2.43 Hz)',
      mode: 1,
      hz: 2.4123,
      uncertainty_hz: 0.0061,
      at: '2026-11-20T09:20:00.000Z',
    };
    const older = { ...ssi, feature: 'ssi.f2', datastream: 'ssi', label: undefined, mode: 2 };
    serveDashboard(server, {
      report: {
        ...learning,
        frequencies: [ssi, older],
        feature_labels: { 'ssi.f2': 'Main span mode 2 (SSI, 4.68 Hz)' },
      },
    });
    renderApp(`/dashboard?bridge=${confederation.id}`);
    const facts = factsOf(await monitoring());
    const lines = within(facts['Tracked frequencies'] as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Main span mode 1 (SSI, 2.43 Hz): f1 2.412 Hz ± 0.006 Hz (0.25 %)',
      'Main span mode 2 (SSI, 4.68 Hz): f2 2.412 Hz ± 0.006 Hz (0.25 %)',
    ]);
  });

  it('keeps learning after 12 months without frost, and says so once a frozen year is learnt', async () => {
    serveDashboard(server, { report: { ...learning, learned_months: 12 } });
    const { unmount } = await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(factsOf(await monitoring()).Baseline).toHaveTextContent(
      'Learning: 12 of 12 months of conditions seen, no frost yet',
    );
    unmount();
    serveDashboard(server, { report: { ...learning, learned_months: 12, learned_frost: true } });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const baseline = factsOf(await monitoring()).Baseline;
    expect(baseline).toHaveTextContent('A full year of conditions learnt, frost included');
    expect(baseline).not.toHaveTextContent('Learning');
  });

  it('says none of it while the bridge re-baselines, and nothing for a report without it', async () => {
    serveDashboard(server, {
      report: { ...learning, rebaselining: { since: '2026-11-18', days: 2, of: 7 } },
    });
    const { unmount } = await renderApp(`/dashboard?bridge=${confederation.id}`);
    const during = factsOf(await monitoring());
    expect(during.Baseline).toHaveTextContent('Re-baselining, 2 of 7 days');
    expect(Object.keys(during)).not.toContain('Missing modes');
    unmount();
    serveDashboard(server, { report: anAnomalyReport() });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    expect(Object.keys(factsOf(await monitoring()))).not.toContain('Outside learned conditions');
  });

  it('keeps them one tap away on a 390 px phone, beside the evaluation period', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === NARROW_SCREEN,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    serveDashboard(server, { report: learning });
    renderApp(`/dashboard?bridge=${confederation.id}`);
    const cell = await monitoring();
    const learningLine = within(cell).getByText('Learning: 4 of 12 months of conditions seen');
    expect(learningLine).not.toBeVisible();
    await userEvent.setup().click(within(cell).getByText('Evaluation period and refresh'));
    expect(learningLine).toBeVisible();
    expect(within(cell).getByText(/f1 2\.412 Hz ± 0\.006 Hz/)).toBeVisible();
  });
});
