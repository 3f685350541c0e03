import { analysisStatus, storedEvaluation } from '../analysis/analysis-view.ts';
import { renderChartPng } from '../analysis/prediction-chart.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/**
 * The /ai operations answer from the stored evaluation (analysis_results): nothing is computed
 * per request except the chart's drawing. Analyses run as jobs (server/analysis/).
 */
export function analyticsHandlers(
  services: Pick<RouteServices, 'analysisJobs' | 'analysis' | 'analysisView'>,
): Handlers<
  'getAnomalies' | 'getPredictionChart' | 'getForecast' | 'getAnalysisStatus' | 'requestAnalysis'
> {
  const { analysis, analysisView } = services;

  return {
    async getAnomalies(request) {
      const bridge = await analysisView.findVisibleBridge(viewerOf(request), request.query.sid);
      return (await storedEvaluation(analysis, bridge)).report;
    },

    async getForecast(request) {
      const bridge = await analysisView.findVisibleBridge(viewerOf(request), request.query.sid);
      return (await storedEvaluation(analysis, bridge)).forecast;
    },

    async getPredictionChart(request, reply) {
      const bridge = await analysisView.findVisibleBridge(viewerOf(request), request.body.sid);
      const { forecast } = await storedEvaluation(analysis, bridge);
      return reply.type('image/png').send(renderChartPng(forecast));
    },

    async getAnalysisStatus(request) {
      const bridge = await analysisView.findVisibleBridge(viewerOf(request), request.query.sid);
      return analysisStatus(analysis, bridge);
    },

    async requestAnalysis(request, reply) {
      const bridge = await analysisView.findVisibleBridge(requireStaff(request), request.body.sid);
      await services.analysisJobs.enqueue(bridge.id, { retrain: request.body.retrain === true });
      return reply.code(202).send(await analysisStatus(analysis, bridge));
    },
  };
}
