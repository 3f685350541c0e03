import type { DemoRates } from '../../../server/demo/demo-fleet.ts';

/**
 * The demo scenarios at a fraction of their rates, so a test can write a whole month of history
 * in a second or two: a 10-second burst every 3 hours, strain and temperature every 10 minutes.
 */
export const LIGHT_RATES: DemoRates = {
  bursts: { everySeconds: 3 * 3600, burstSeconds: 10, blockSeconds: 10 },
  strainHz: 1 / 600,
  temperatureHz: 1 / 600,
};
