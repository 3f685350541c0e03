// Detail categories as an engineer types them on a command line ('EC3-71', 'ec3 71', 'AASHTO-C'),
// mapped to the stored curve names of sn-curves.ts.
import { InputError } from '../csv-table.ts';
import {
  AASHTO_CATEGORIES,
  EUROCODE_CATEGORIES,
  snCurveByName,
  type SnCurve,
} from './sn-curves.ts';

export const DETAIL_NAMES = [
  ...EUROCODE_CATEGORIES.map((category) => `EC3-${category}`),
  ...AASHTO_CATEGORIES.map((category) => `AASHTO-${category}`),
];

/** The S-N curve of a detail name; an unknown name is an InputError listing the known ones. */
export function detailCurve(detail: string): SnCurve {
  const match = /^\s*(ec3|aashto)[\s_-]*(.+?)\s*$/i.exec(detail);
  if (match) {
    const name = `${(match[1] as string).toUpperCase()} ${(match[2] as string).toUpperCase()}`;
    try {
      return snCurveByName(name);
    } catch {
      // reported below with the list of names
    }
  }
  throw new InputError(`Unknown detail category '${detail}'; known: ${DETAIL_NAMES.join(', ')}`);
}
