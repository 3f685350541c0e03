import type { SnCurveName } from '../../api/queries/fatigue';

export type CurveStandard =
  'EN 1993-1-9 normal stress' | 'EN 1993-1-9 shear stress' | 'AASHTO LRFD' | 'BS 7608';

// Every name the contract's SnCurveName accepts, with its standard. No shared runtime list exists
// (the server checks the OpenAPI enum); a Record over the generated type makes the typecheck fail
// when the contract gains or drops a curve this form does not offer. Order: the order an engineer
// scans them, by standard, then by category.
const STANDARD_OF: Record<SnCurveName, CurveStandard> = {
  'EC3 160': 'EN 1993-1-9 normal stress',
  'EC3 140': 'EN 1993-1-9 normal stress',
  'EC3 125': 'EN 1993-1-9 normal stress',
  'EC3 112': 'EN 1993-1-9 normal stress',
  'EC3 100': 'EN 1993-1-9 normal stress',
  'EC3 90': 'EN 1993-1-9 normal stress',
  'EC3 80': 'EN 1993-1-9 normal stress',
  'EC3 71': 'EN 1993-1-9 normal stress',
  'EC3 63': 'EN 1993-1-9 normal stress',
  'EC3 56': 'EN 1993-1-9 normal stress',
  'EC3 50': 'EN 1993-1-9 normal stress',
  'EC3 45': 'EN 1993-1-9 normal stress',
  'EC3 40': 'EN 1993-1-9 normal stress',
  'EC3 36': 'EN 1993-1-9 normal stress',
  'EC3 shear 100': 'EN 1993-1-9 shear stress',
  'EC3 shear 80': 'EN 1993-1-9 shear stress',
  'AASHTO A': 'AASHTO LRFD',
  'AASHTO B': 'AASHTO LRFD',
  "AASHTO B'": 'AASHTO LRFD',
  'AASHTO C': 'AASHTO LRFD',
  "AASHTO C'": 'AASHTO LRFD',
  'AASHTO D': 'AASHTO LRFD',
  'AASHTO E': 'AASHTO LRFD',
  "AASHTO E'": 'AASHTO LRFD',
  'BS 7608 B': 'BS 7608',
  'BS 7608 C': 'BS 7608',
  'BS 7608 D': 'BS 7608',
  'BS 7608 E': 'BS 7608',
  'BS 7608 F': 'BS 7608',
  'BS 7608 F2': 'BS 7608',
  'BS 7608 G': 'BS 7608',
  'BS 7608 G2': 'BS 7608',
  'BS 7608 W1': 'BS 7608',
};

export const SN_CURVES = Object.keys(STANDARD_OF) as SnCurveName[];

const STANDARDS: CurveStandard[] = [
  'EN 1993-1-9 normal stress',
  'EN 1993-1-9 shear stress',
  'AASHTO LRFD',
  'BS 7608',
];

/** The curves as option groups, one per standard, for a select. */
export const SN_CURVE_GROUPS = STANDARDS.map((standard) => ({
  label: standard,
  options: SN_CURVES.filter((c) => STANDARD_OF[c] === standard).map((c) => ({
    value: c,
    label: c,
  })),
}));

export const isSnCurve = (value: string): value is SnCurveName =>
  (SN_CURVES as string[]).includes(value);
