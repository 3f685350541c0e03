import type { Database } from '../db/client.ts';
import {
  createMaintenanceRepository,
  type MaintenanceRepository,
} from '../maintenance/maintenance-repository.ts';
import {
  type AnalysisSettingsRepository,
  createAnalysisSettingsRepository,
} from '../repositories/analysis-settings-repository.ts';
import {
  type BridgesRepository,
  createBridgesRepository,
} from '../repositories/bridges-repository.ts';
import {
  type CalibrationsRepository,
  createCalibrationsRepository,
} from '../repositories/calibrations-repository.ts';
import {
  createSensorDisagreementsRepository,
  type SensorDisagreementsRepository,
} from '../repositories/sensor-disagreements-repository.ts';
import {
  createSensorFaultsRepository,
  type SensorFaultsRepository,
} from '../repositories/sensor-faults-repository.ts';
import { type AnalysisRepository, createAnalysisRepository } from './analysis-repository.ts';

/**
 * What an evaluation reads and writes through. In a process these are the services' own
 * (server/services.ts holds every one of them); the analysis thread, which has a database link
 * of its own, builds them once at its start (analysis-thread.ts).
 */
export interface AnalysisStores {
  database: Database;
  analysis: AnalysisRepository;
  bridges: BridgesRepository;
  calibrations: CalibrationsRepository;
  analysisSettings: AnalysisSettingsRepository;
  maintenance: MaintenanceRepository;
  sensorFaults: SensorFaultsRepository;
  sensorDisagreements: SensorDisagreementsRepository;
}

/** The analysis thread's composition root: the repositories over its own database link. */
export function createAnalysisStores(database: Database): AnalysisStores {
  const { db } = database;
  return {
    database,
    analysis: createAnalysisRepository(db),
    bridges: createBridgesRepository(db),
    calibrations: createCalibrationsRepository(db),
    analysisSettings: createAnalysisSettingsRepository(db),
    maintenance: createMaintenanceRepository(db),
    sensorFaults: createSensorFaultsRepository(db),
    sensorDisagreements: createSensorDisagreementsRepository(db),
  };
}
