import { configure, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAnalysisStatus, anAnomalyReport, confederation, serveDashboard } from './fixtures';

type Status = components['schemas']['AnalysisStatus'];

const server = setupMswServer();
// Leaflet (the mini map) is slow to warm up on a busy test machine; a poll step is 3 s.
configure({ asyncUtilTimeout: 6000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chart'), revokeObjectURL: vi.fn() });
});

const NOT_READY = { detail: "No trained model yet for bridge 'Confederation Bridge': Training" };

/** A bridge without an evaluation whose job answers `statuses` in turn (the last one repeats). */
function serveUnassessed(statuses: Status[], report = anAnomalyReport({ num_anomalies: 2 })) {
  serveDashboard(server);
  let asked = 0;
  server.use(
    http.get(apiUrl('/api/v1/ai/status'), () => {
      const status = statuses[Math.min(asked, statuses.length - 1)];
      asked += 1;
      return HttpResponse.json(status);
    }),
    http.get(apiUrl('/api/v1/ai/anomalies'), () =>
      asked >= statuses.length && statuses.at(-1)?.evaluated_at
        ? HttpResponse.json(report)
        : HttpResponse.json(NOT_READY, { status: 409 }),
    ),
  );
}

const openDashboard = () => renderApp(`/dashboard?bridge=${confederation.id}`);

describe('analysis progress on a bridge not assessed yet (issue 14)', () => {
  it.each([
    {
      status: anAnalysisStatus({ state: 'queued', message: 'Waiting for a worker' }),
      step: 'Queued for analysis',
      detail: 'Waiting for a worker',
      bar: null,
    },
    {
      status: anAnalysisStatus({
        state: 'training',
        progress: 0.42,
        message: 'Training the autoencoder: 17 %',
      }),
      step: 'Training the model: 42 %',
      detail: 'Training the autoencoder: 17 %',
      bar: 42,
    },
    {
      status: anAnalysisStatus({ state: 'scoring', progress: 0.8, message: 'Reading day 6 of 7' }),
      step: 'Scoring the latest data: 80 %',
      detail: 'Reading day 6 of 7',
      bar: 80,
    },
    {
      status: anAnalysisStatus({ state: 'failed', last_error: 'the stored model is unreadable' }),
      step: 'The last analysis failed',
      detail: 'the stored model is unreadable',
      bar: null,
    },
  ])('shows "$step" under "Not assessed yet"', async ({ status, step, detail, bar }) => {
    serveUnassessed([status]);
    await openDashboard();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Not assessed yet' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(step)).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    const progressbar = screen.queryByRole('progressbar', { name: step });
    if (bar === null) expect(progressbar).not.toBeInTheDocument();
    else expect(progressbar).toHaveAttribute('value', String(bar));
  });

  it('says in plain words that data is arriving when no job is queued or running', async () => {
    serveUnassessed([anAnalysisStatus()]);
    await openDashboard();
    expect(await screen.findByText(/Data is arriving \(last received/)).toBeInTheDocument();
    // The server's reason is for developers; the screen never shows it.
    expect(screen.queryByText(NOT_READY.detail)).not.toBeInTheDocument();
    expect(screen.queryByText(/Queued|Training the model|Scoring/)).not.toBeInTheDocument();
  });

  it('follows the job and shows the health cards as soon as the evaluation is stored', async () => {
    serveUnassessed([
      anAnalysisStatus({ state: 'training', progress: 0.5, message: 'Training' }),
      anAnalysisStatus({
        state: 'idle',
        progress: 1,
        message: 'Evaluation up to date',
        trained_at: '2026-11-20T10:00:00Z',
        evaluated_at: '2026-11-20T10:01:00Z',
      }),
    ]);
    await openDashboard();
    expect(await screen.findByText('Training the model: 50 %')).toBeInTheDocument();
    expect(await screen.findByText('Anomalies Detected: 2')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not assessed yet' })).not.toBeInTheDocument();
  });
});
