// Detail categories as an engineer types them on a command line ('EC3-71', 'ec3 71', '71',
// 'EC3-shear-100', 'AASHTO-C'), mapped to the stored curve names of sn-curves.ts.
import { InputError } from '../csv-table.ts';
import {
  AASHTO_CATEGORIES,
  EUROCODE_CATEGORIES,
  EUROCODE_SHEAR_CATEGORIES,
  snCurveByName,
  type SnCurve,
} from './sn-curves.ts';

export const DETAIL_NAMES = [
  ...EUROCODE_CATEGORIES.map((category) => `EC3-${category}`),
  ...EUROCODE_SHEAR_CATEGORIES.map((category) => `EC3-shear-${category}`),
  ...AASHTO_CATEGORIES.map((category) => `AASHTO-${category}`),
];

function storedName(detail: string): string | null {
  const category = /^\s*(\d+)\s*$/.exec(detail);
  if (category) return `EC3 ${category[1] as string}`;
  const shear = /^\s*ec3[\s_-]*(?:shear|tau|τ|s)[\s_-]*(\d+)\s*$/i.exec(detail);
  if (shear) return `EC3 shear ${shear[1] as string}`;
  const direct = /^\s*(ec3|aashto)[\s_-]*(.+?)\s*$/i.exec(detail);
  if (!direct) return null;
  return `${(direct[1] as string).toUpperCase()} ${(direct[2] as string).toUpperCase()}`;
}

/** The S-N curve of a detail name; an unknown name is an InputError listing the known ones. */
export function detailCurve(detail: string): SnCurve {
  const name = storedName(detail);
  if (name !== null) {
    try {
      return snCurveByName(name);
    } catch {
      // reported below with the list of names
    }
  }
  throw new InputError(`Unknown detail category '${detail}'; known: ${DETAIL_NAMES.join(', ')}`);
}

/** Whether a curve is for shear stress ranges (Δτ), whose strain is converted with G. */
export const isShearCurve = (curve: SnCurve): boolean => curve.name.startsWith('EC3 shear ');
