import type { FatigueState } from '../fatigue/fatigue-status.ts';
import type { Schemas } from '../contract-types.ts';

type CoverageFields = Pick<
  Schemas['FatigueDetailStatus'],
  'life_basis' | 'coverage' | 'counting' | 'rate_check' | 'curve' | 'traffic_growth_percent'
>;

/** The coverage, counting, rate check and curve of a detail's state (decision 045). */
export function fatigueCoverageDto(state: FatigueState): Required<CoverageFields> {
  const { coverage, counting, rateCheck: check, curve } = state;
  return {
    life_basis: state.lifeBasis,
    coverage: {
      monitored_hours: coverage.monitoredHours,
      period_hours: coverage.periodHours,
      monitored_share: coverage.monitoredShare,
      damage_per_monitored_hour: coverage.damagePerMonitoredHour,
      unmonitored_damage_estimate: coverage.unmonitoredDamageEstimate,
      days_without_record: coverage.daysWithoutRecord,
    },
    counting: {
      highpass_hz: counting.highpassHz,
      text: counting.text,
      stretches: counting.stretches,
      excluded_hours: counting.excludedHours,
    },
    rate_check: check && {
      sample_rate_hz: check.sampleRateHz,
      span_length_m: check.spanLengthM,
      load_duration_s: check.loadDurationS,
      required_rate_hz: check.requiredRateHz,
      resolves: check.resolves,
      estimated_undercount: check.estimatedUndercount,
      rule: check.rule,
      warning: check.warning,
    },
    curve: {
      name: curve.name,
      source: curve.source,
      slope: curve.slope,
      range_at_2e6_mpa: curve.rangeAt2MMpa,
      cut_off_mpa: curve.cutOffMpa,
      text: curve.text,
    },
    traffic_growth_percent: state.trafficGrowthPercent,
  };
}
