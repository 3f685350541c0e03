import type { DataType } from '../../domain/enums.ts';

/**
 * The step each simulated stream declares (decisions 052 and 070): what the sensors of its kind
 * resolve, so the demo and `npm run simulate` store their readings packed on that grid, as a
 * well-configured deployment would, and show the storage a real one gets. Each step sits far below the simulator's noise for its kind
 * (server/sim/scenarios.ts), so no analysis sees the rounding:
 * - acceleration 10⁻⁵ m/s² (about 1 µg, a 24-bit MEMS or force-balance channel; noise 2·10⁻³);
 * - strain 0.01 µε (a foil gauge on a 24-bit bridge amplifier; noise 1 µε);
 * - temperature 0.01 °C (a PT100 or thermistor logger channel; noise 0.1 °C);
 * - displacement 0.001 mm (an LVDT or a 1 µm draw-wire encoder; noise 0.05 mm);
 * - tilt 0.001 mrad (1 µrad, an electrolytic or servo inclinometer; noise 0.005 mrad);
 * - load 0.01 kN (a load cell on a 24-bit channel; noise 2 kN).
 */
export const SENSOR_RESOLUTIONS: Record<DataType, number> = {
  acceleration: 1e-5,
  strain: 0.01,
  temperature: 0.01,
  displacement: 0.001,
  tilt: 0.001,
  load: 0.01,
};
