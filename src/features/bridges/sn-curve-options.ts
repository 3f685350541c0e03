import type { SnCurveName } from '../../api/queries/fatigue';

// The contract's S-N curve names in the order an engineer scans them: Eurocode by category,
// then AASHTO A to E'.
export const SN_CURVES: SnCurveName[] = [
  'EC3 160',
  'EC3 140',
  'EC3 125',
  'EC3 112',
  'EC3 100',
  'EC3 90',
  'EC3 80',
  'EC3 71',
  'EC3 63',
  'EC3 56',
  'EC3 50',
  'EC3 45',
  'EC3 40',
  'EC3 36',
  'AASHTO A',
  'AASHTO B',
  "AASHTO B'",
  'AASHTO C',
  "AASHTO C'",
  'AASHTO D',
  'AASHTO E',
  "AASHTO E'",
];

export const isSnCurve = (value: string): value is SnCurveName =>
  (SN_CURVES as string[]).includes(value);
