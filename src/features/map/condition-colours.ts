import { vars } from '../../styles/theme.css';
import type { MarkerCondition } from './cluster-index';

interface Swatch {
  fill: string;
  /** Text drawn on the fill (a cluster's count) with AA contrast. */
  on: string;
}

// Spec §4 colour classes: Good green, Fair yellow, Poor orange, Critical red. Unassessed
// bridges get a neutral slate so they never read as healthy.
export const CONDITION_SWATCH: Record<MarkerCondition, Swatch> = {
  Good: { fill: vars.condition.good, on: vars.condition.onGood },
  Fair: { fill: vars.condition.fair, on: vars.condition.onFair },
  Poor: { fill: vars.condition.poor, on: vars.condition.onPoor },
  Critical: { fill: vars.condition.critical, on: vars.condition.onCritical },
  'Not assessed': { fill: '#5b6573', on: '#ffffff' },
};

export const LEGEND_ORDER: readonly MarkerCondition[] = [
  'Good',
  'Fair',
  'Poor',
  'Critical',
  'Not assessed',
];
