import { HttpError, notFound } from '../http-error.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import { type CalibrationRow } from '../repositories/calibrations-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { optionalText, requiredText } from './text-fields.ts';

export function calibrationDto(row: CalibrationRow): Schemas['Calibration'] {
  return {
    id: row.id,
    sensor: row.sensorId,
    calibrated_on: row.calibratedOn,
    calibrated_by: row.calibratedBy,
    certificate: row.certificate,
    gauge_factor: row.gaugeFactor,
    sensitivity: row.sensitivity,
    offset: row.offset,
    next_due: row.nextDue,
  };
}

/** The calibration register of a sensor (docs/decisions/019-asset-records.md). */
export function calibrationsHandlers(
  services: Pick<RouteServices, 'calibrations' | 'sensors' | 'alerts'>,
): Handlers<'listSensorCalibrations' | 'addSensorCalibration'> {
  const { calibrations, sensors, alerts } = services;

  return {
    async listSensorCalibrations(request) {
      const sensor = await sensors.findById(request.params.id);
      if (!sensor || !(await alerts.bridgeIsVisible(viewerOf(request), sensor.bridgeId))) {
        throw notFound('Sensor', request.params.id);
      }
      return (await calibrations.list(sensor.id)).map(calibrationDto);
    },

    async addSensorCalibration(request, reply) {
      requireStaff(request);
      const sensor = await sensors.findById(request.params.id);
      if (!sensor) throw notFound('Sensor', request.params.id);
      const body = request.body;
      const nextDue = body.next_due ?? null;
      if (nextDue !== null && nextDue <= body.calibrated_on) {
        throw new HttpError(400, 'next_due: must be after calibrated_on');
      }
      const row = await calibrations.add({
        sensorId: sensor.id,
        calibratedOn: body.calibrated_on,
        calibratedBy: requiredText(body.calibrated_by, 'calibrated_by'),
        certificate: optionalText(body.certificate),
        gaugeFactor: body.gauge_factor ?? null,
        sensitivity: body.sensitivity ?? null,
        offset: body.offset ?? null,
        nextDue,
      });
      reply.code(201);
      return calibrationDto(row);
    },
  };
}
