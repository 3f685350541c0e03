import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import { FROM_SENSOR_DATES } from '../repositories/calibrations-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { assertDataTypeFits } from './data-type-fit.ts';
import { isQuasiStatic, SUSTAINED_MINUTES_DEFAULT } from '../../domain/sensor-limits.ts';
import { datastreamDto, sensorDto } from './dto.ts';
import { assertOnSpan, geometryColumns } from './sensor-geometry-fields.ts';
import { cableColumn } from './sensor-cable-fields.ts';
import { rangeColumns } from './sensor-range-fields.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { assertInScope, hiddenAs, noSuch } from './tenant-scope.ts';

type SensorLimits = Schemas['SensorLimits'];

/**
 * The checks the contract cannot state: the sensor's type, and low below high. `within` names
 * the body field holding the limits ('limits' on create; '' when the body is the limits).
 */
function checkLimits(type: string, limits: SensorLimits, within: string): void {
  if (!isQuasiStatic(type)) {
    throw new HttpError(
      400,
      `${within || 'type'}: limits are set on strain gauges, tilt and displacement sensors, not on a ${type}`,
    );
  }
  const { low, high } = limits;
  if (low !== null && high !== null && low >= high) {
    const field = within ? `${within}.low` : 'low';
    throw new HttpError(400, `${field}: must be below high (${high}), got ${low}`);
  }
}

const limitColumns = (limits: SensorLimits) => ({
  limitLow: limits.low,
  limitHigh: limits.high,
  limitSustainedMinutes: limits.sustained_minutes ?? SUSTAINED_MINUTES_DEFAULT,
});

export function sensorsHandlers(
  services: Pick<RouteServices, 'calibrations' | 'sensors' | 'datastreams' | 'spans' | 'tenancy'>,
): Handlers<
  | 'listSensors'
  | 'createSensor'
  | 'deleteSensor'
  | 'assignSensor'
  | 'setSensorLimits'
  | 'setSensorGeometry'
  | 'setSensorCable'
  | 'removeSensorCable'
  | 'setSensorRange'
> {
  const { sensors, datastreams } = services;
  return {
    async listSensors(request) {
      return (await sensors.list(viewerOf(request), request.query.bridge)).map(sensorDto);
    },

    async createSensor(request, reply) {
      const scope = requireAdmin(request);
      const body = request.body;
      await assertInScope(services, scope, 'bridge', body.bridge, noSuch('bridge', 'bridge'));
      await assertInScope(services, scope, 'span', body.span, noSuch('span', 'span'));
      const last = body.last_calibration_date ?? null;
      const next = body.next_calibration_date ?? null;
      if (last && next && next < last) {
        throw new HttpError(400, 'next_calibration_date: must not be before last_calibration_date');
      }
      const limits = body.limits;
      if (limits) checkLimits(body.type, limits, 'limits');
      await assertOnSpan(services.spans, body.span, body.chainage_m);
      const cable = cableColumn(body.type, body.cable, 'cable');
      const range = rangeColumns(body.measuring_range, 'measuring_range');
      const created = await sensors.create({
        bridgeId: body.bridge,
        spanId: body.span,
        label: requiredText(body.sensor_id, 'sensor_id'),
        type: body.type,
        status: body.status,
        installationDate: body.installation_date,
        manufacturer: optionalText(body.manufacturer),
        modelNumber: optionalText(body.model_number),
        lastCalibrationDate: last,
        nextCalibrationDate: next,
        ...(limits ? limitColumns(limits) : {}),
        ...geometryColumns(body),
        cable,
        ...range,
      });
      // The spec's calibration dates are the first entry of the sensor's calibration register.
      if (last) {
        await services.calibrations.add({
          sensorId: created.id,
          calibratedOn: last,
          calibratedBy: FROM_SENSOR_DATES,
          nextDue: next,
        });
      }
      reply.code(201);
      return sensorDto(created);
    },

    async deleteSensor(request, reply) {
      const scope = requireAdmin(request);
      await assertInScope(services, scope, 'sensor', request.params.id, hiddenAs('Sensor'));
      if (!(await sensors.delete(request.params.id, request.query.cascade === true))) {
        throw notFound('Sensor', request.params.id);
      }
      return reply.code(204).send();
    },

    async setSensorLimits(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      const sensor = await sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      checkLimits(sensor.type, request.body, '');
      return sensorDto(await sensors.setLimits(id, limitColumns(request.body)));
    },

    async setSensorGeometry(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      const sensor = await sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      await assertOnSpan(services.spans, sensor.spanId, request.body.chainage_m);
      return sensorDto(await sensors.setGeometry(id, geometryColumns(request.body)));
    },

    async setSensorCable(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      const sensor = await sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      return sensorDto(await sensors.setCable(id, cableColumn(sensor.type, request.body, '')));
    },

    // Stored tensions stay as the cable's history (decision 079's 2026-12-01 amendment).
    async removeSensorCable(request, reply) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      const sensor = await sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      if (!sensor.cable) throw new HttpError(404, `Sensor '${sensor.label}' is not on a cable`);
      await sensors.setCable(id, null);
      return reply.code(204).send();
    },

    async setSensorRange(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      if (!(await sensors.findById(id))) throw notFound('Sensor', id);
      return sensorDto(await sensors.setRange(id, rangeColumns(request.body, '')));
    },

    async assignSensor(request) {
      const scope = requireAdmin(request);
      const { sensor_id: sensorId, datastream_id: datastreamId } = request.body;
      await assertInScope(services, scope, 'sensor', sensorId, hiddenAs('Sensor'));
      await assertInScope(services, scope, 'datastream', datastreamId, hiddenAs('Data stream'));
      const stream = await datastreams.findById(datastreamId);
      if (stream) await assertDataTypeFits(sensors, [sensorId], stream.dataType, 'datastream_id');
      return datastreamDto(await datastreams.linkSensor(datastreamId, sensorId));
    },
  };
}
