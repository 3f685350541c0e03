import { rangeDto } from './sensor-range-fields.ts';
import type { BridgeRow } from '../repositories/bridges-repository.ts';
import type { DatastreamWithSensors } from '../repositories/datastreams-repository.ts';
import type { SensorRow } from '../repositories/sensors-repository.ts';
import type { SpanRow } from '../repositories/spans-repository.ts';
import type { UserAssignments, UserRow } from '../repositories/users-repository.ts';
import { isQuasiStatic } from '../../domain/sensor-limits.ts';
import type { Schemas } from '../contract-types.ts';

/** Storage rows to contract shapes. The company password never leaves through here. */
export function userDto(row: UserRow, assignments: UserAssignments): Schemas['User'] {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    is_staff: row.isStaff,
    is_company_admin: row.isCompanyAdmin,
    company: row.company,
    company_id: row.companyId,
    address: row.address,
    companyUsername: row.companyUsername,
    has_company_password: row.companyPasswordSealed !== null,
    bridges: assignments.bridges,
    datastreams: assignments.datastreams,
  };
}

/** `condition` comes from the latest evaluation (server/analysis/bridge-conditions.ts). */
export function bridgeDto(
  row: BridgeRow,
  condition: Schemas['Condition'] | null = null,
  falseEpisodesPerMonth: number | null = null,
  activeAlerts?: number,
  display?: { timeZone: string | null; units: Schemas['UnitSystem'] },
): Schemas['Bridge'] {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    location: row.location,
    construction_date: row.constructionDate,
    length_per_span: row.lengthPerSpan,
    location_on_map: row.locationOnMap,
    latitude: row.latitude,
    longitude: row.longitude,
    structure_type: row.structureType,
    status: row.status,
    condition,
    expected_false_episodes_per_month: falseEpisodesPerMonth,
    ...(activeAlerts === undefined ? {} : { active_alerts: activeAlerts }),
    ...(display === undefined
      ? {}
      : { display: { time_zone: display.timeZone, units: display.units } }),
  };
}

export function spanDto(row: SpanRow): Schemas['Span'] {
  return { id: row.id, bridge: row.bridgeId, span_id: row.label, length: row.length };
}

export function sensorDto(row: SensorRow): Schemas['Sensor'] {
  return {
    id: row.id,
    bridge: row.bridgeId,
    span: row.spanId,
    sensor_id: row.label,
    type: row.type as Schemas['SensorType'],
    status: row.status as Schemas['SensorStatus'],
    installation_date: row.installationDate,
    manufacturer: row.manufacturer,
    model_number: row.modelNumber,
    last_calibration_date: row.lastCalibrationDate,
    next_calibration_date: row.nextCalibrationDate,
    ...(isQuasiStatic(row.type)
      ? {
          limits: {
            low: row.limitLow,
            high: row.limitHigh,
            sustained_minutes: row.limitSustainedMinutes,
          },
        }
      : {}),
    chainage_m: row.chainageM,
    transverse_offset_m: row.transverseOffsetM,
    direction: row.direction as Schemas['SensorDirection'],
    ...(row.cable ? { cable: row.cable } : {}),
    ...rangeDto(row),
  };
}

export function datastreamDto(row: DatastreamWithSensors): Schemas['Datastream'] {
  return {
    id: row.id,
    stream_id: row.streamId,
    data_type: row.dataType as Schemas['DataType'],
    sensors: row.sensorIds,
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    sample_count: row.sampleCount,
    resolution: row.resolution,
  };
}
