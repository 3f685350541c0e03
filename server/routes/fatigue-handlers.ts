import type { RemainingLife } from '../analytics/fatigue/miner.ts';
import { type FatigueDetailRow, type StoredDetailSettings } from '../fatigue/fatigue-repository.ts';
import { fatigueState } from '../fatigue/fatigue-status.ts';
import { fatigueCoverageDto } from './fatigue-coverage-dto.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { oneLineText, requiredText } from './text-fields.ts';

function detailDto(row: FatigueDetailRow): Schemas['FatigueDetail'] {
  return {
    sensor: row.sensorId,
    name: row.name,
    material: row.material,
    curve: row.curve as Schemas['SnCurveName'],
    modulus_gpa: row.modulusGpa,
    stress_concentration: row.stressConcentration,
    gamma_ff: row.gammaFf,
    gamma_mf: row.gammaMf,
    design_life_years: row.designLifeYears,
    alert_life_years: row.alertLifeYears,
    alert_rate_factor: row.alertRateFactor,
    alert_damage_high: row.alertDamageHigh,
    alert_damage_critical: row.alertDamageCritical,
    prior_damage: row.priorDamage,
    updated_at: row.updatedAt.toISOString(),
  };
}

const lifeDto = (life: RemainingLife | null, windowDays: number): Schemas['RemainingLife'] | null =>
  life && {
    window_days: windowDays,
    days_with_data: life.days,
    damage_per_year: life.ratePerYear,
    years: Number.isFinite(life.years) ? life.years : null,
  };

/** Fatigue details (staff write, anyone who sees the bridge reads) and their computed state. */
export function fatigueHandlers(
  services: Pick<RouteServices, 'alerts' | 'bridges' | 'fatigueDetails' | 'sensors'>,
): Handlers<
  'getBridgeFatigue' | 'setFatigueDetail' | 'deleteFatigueDetail' | 'setFatigueSettings'
> {
  const repository = services.fatigueDetails;
  return {
    async getBridgeFatigue(request) {
      const { id } = request.params;
      const bridge = await services.bridges.findById(id);
      // An invisible bridge answers like an unknown one, so ids do not leak.
      if (!bridge || !(await services.alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      const details = (await repository.ofBridge(id)).map((entry) => {
        const state = fatigueState(entry.row, entry.days, entry.countedThrough, entry);
        return {
          detail: detailDto(entry.row),
          sensor_label: entry.sensorLabel,
          stream_id: entry.streamId,
          damage: state.damage,
          equivalent_range_mpa: state.equivalentRangeMpa,
          first_day: state.firstDay,
          counted_through: entry.countedThrough,
          days_with_data: state.daysWithData,
          remaining_life: lifeDto(state.last90Days, 90),
          remaining_life_365: lifeDto(state.last365Days, 365),
          damage_rate_jump: state.rateJump,
          monthly_damage: state.monthly,
          histogram: { bin_width_mpa: state.histogram.binWidthMpa, bins: state.histogram.bins },
          assumptions: state.assumptions,
          ...fatigueCoverageDto(state),
        };
      });
      return { bridge: id, traffic_growth_percent: await repository.trafficGrowth(id), details };
    },

    async setFatigueDetail(request) {
      requireStaff(request);
      const { id } = request.params;
      const sensor = await services.sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      if (sensor.type !== 'strain_gauge') {
        throw new HttpError(
          400,
          `id: sensor ${id} is not a strain gauge; only strain gauges watch a fatigue detail`,
        );
      }
      const body = request.body;
      const settings: StoredDetailSettings = {
        name: requiredText(body.name, 'name'),
        material: oneLineText(body.material ?? 'Steel', 'material'),
        curve: body.curve,
        modulusGpa: body.modulus_gpa ?? 200,
        stressConcentration: body.stress_concentration ?? 1,
        gammaFf: body.gamma_ff ?? 1,
        gammaMf: body.gamma_mf ?? 1,
        designLifeYears: body.design_life_years ?? 100,
        alertLifeYears: body.alert_life_years ?? 10,
        alertRateFactor: body.alert_rate_factor ?? 3,
        alertDamageHigh: body.alert_damage_high ?? 0.5,
        alertDamageCritical: body.alert_damage_critical ?? 0.8,
        priorDamage: body.prior_damage ?? 0,
      };
      // The contract bounds each level; their order is a rule across the two fields.
      if (settings.alertDamageHigh >= settings.alertDamageCritical) {
        throw new HttpError(
          400,
          `alert_damage_high: ${settings.alertDamageHigh} must be below alert_damage_critical (${settings.alertDamageCritical})`,
        );
      }
      const row = await repository.upsert(id, settings);
      // New thresholds take effect now, not at the next job.
      await services.alerts.reviewFatigue(sensor.bridgeId);
      return detailDto(row);
    },

    async setFatigueSettings(request) {
      requireStaff(request);
      const { id } = request.params;
      if (!(await services.bridges.findById(id))) throw notFound('Bridge', id);
      const growth = await repository.setTrafficGrowth(id, request.body.traffic_growth_percent);
      // The remaining life, and so the life alert, changes with it.
      await services.alerts.reviewFatigue(id);
      return { traffic_growth_percent: growth };
    },

    async deleteFatigueDetail(request, reply) {
      requireStaff(request);
      const { id } = request.params;
      const sensor = await services.sensors.findById(id);
      if (!sensor || !(await repository.remove(id))) throw notFound('Fatigue detail of sensor', id);
      await services.alerts.reviewFatigue(sensor.bridgeId);
      return reply.code(204).send();
    },
  };
}
