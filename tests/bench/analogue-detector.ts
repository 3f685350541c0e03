// The healthy seasonal-bridge analogue of one seed and physics with the product's detector
// trained on its 200-day reference (decision 081's diagnosis scripts).
import { trainControlChart } from '../../server/analytics/control-chart-detector.ts';
import { type AnaloguePhysics, BASELINE_ROWS, seasonalBridge } from './seasonal-bridge.ts';

export function trainedAnalogue(seed: number, physics: AnaloguePhysics, rows: number) {
  const bridge = seasonalBridge(seed, { hours: rows, damageFrom: Infinity, physics });
  const data = { features: bridge.features, context: bridge.context };
  const detector = trainControlChart({
    features: data.features.slice(0, BASELINE_ROWS),
    context: data.context.slice(0, BASELINE_ROWS),
  });
  return { data, detector };
}
