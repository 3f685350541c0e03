import { HttpError, notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import { parseReportMonth } from '../report/report-month.ts';
import { parseTimeZone } from '../report/report-time.ts';
import { QueueFull } from '../threads/work-queue.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/** The monthly PDF report: visible to whoever may see the bridge, built on a worker thread. */
export function reportHandlers(
  services: Pick<RouteServices, 'alerts' | 'bridges' | 'companySettings' | 'reports'>,
): Handlers<'getBridgeReport'> {
  return {
    async getBridgeReport(request, reply) {
      const { id } = request.params;
      const now = new Date();
      const reportMonth = parseReportMonth(request.query.month, now);
      const bridge = await services.bridges.findById(id);
      // An invisible bridge answers like an unknown one, so ids do not leak.
      if (!bridge || !(await services.alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      // Without a zone asked for, the bridge's company's (decision 063).
      const company = await services.companySettings.find(bridge.companyId);
      const month = {
        ...reportMonth,
        timeZone: parseTimeZone(request.query.tz, company?.timeZone ?? null),
      };
      let pdf: Buffer;
      try {
        pdf = await services.reports.build(id, month, now);
      } catch (error) {
        if (!(error instanceof QueueFull)) throw error;
        reply.header('retry-after', '30');
        throw new HttpError(503, 'Other monthly reports are being prepared; try again shortly');
      }
      const name = `${bridge.name.replace(/[^\w.-]+/g, '-')}-${month.label}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf);
    },
  };
}
