/** The demo's streams declare the simulator's sensor resolutions (server/sim). */
export { SENSOR_RESOLUTIONS as DEMO_RESOLUTIONS } from '../sim/sensor-resolutions.ts';
