import type { Bridge } from '../../api/queries/bridges';
import type { Sensor, Span } from '../../api/queries/structures';
import type { DeleteTarget } from './delete-dialog';

export type BridgesDialog =
  | { kind: 'bridge-form'; bridge?: Bridge }
  | { kind: 'span-form'; bridge: Bridge }
  /** A logger file's readings into the bridge's data streams (decision 044). */
  | { kind: 'logger-import'; bridge: Bridge }
  | { kind: 'sensor-form'; span: Span }
  | { kind: 'datastream'; sensor: Sensor }
  /** A create button pressed with nothing selected: choose what the new object hangs off. */
  | { kind: 'choose'; child: 'sensor' | 'datastream' }
  | { kind: 'delete'; target: DeleteTarget };

export interface Selection {
  bridgeId: number | null;
  spanId: number | null;
  sensorId: number | null;
}
