// The S-N curve of a stored detail, by name, and what the card and the report say of it.
import {
  type AashtoCurve,
  type EurocodeCurve,
  type EurocodeShearCurve,
  snCurveByName,
  type SnCurve,
} from '../analytics/fatigue/sn-curves.ts';
import { bs7608ByName, type Bs7608Curve } from './bs7608-curves.ts';

/** Any stored curve name: EN 1993-1-9, AASHTO or BS 7608. */
export function storedCurve(name: string): SnCurve {
  return bs7608ByName(name) ?? snCurveByName(name);
}

export interface CurveFacts {
  name: string;
  /** The standard and figure or table it comes from. */
  source: string;
  slope: number;
  rangeAt2MMpa: number;
  /** Range below which a cycle does no damage; null when the curve has no cut-off. */
  cutOffMpa: number | null;
  text: string;
}

const round = (x: number) => Number(x.toPrecision(3));

export function curveFacts(curve: SnCurve): CurveFacts {
  let source = '';
  let slope = curve.equivalentSlope ?? 3;
  let cutOff: number | null = null;
  let tail = '';
  if (curve.name.startsWith('EC3 shear ')) {
    source = 'EN 1993-1-9:2005 Figure 7.2 (shear)';
    cutOff = (curve as EurocodeShearCurve).cutOff;
  } else if (curve.name.startsWith('EC3 ')) {
    source = 'EN 1993-1-9:2005 Figure 7.1 (direct stress)';
    cutOff = (curve as EurocodeCurve).cutOff;
    tail = ', m = 5 below ΔσD at 5·10⁶';
  } else if (curve.name.startsWith('AASHTO ')) {
    source = 'AASHTO LRFD Table 6.6.1.2.5-1, slope 3 extended below the threshold';
    tail = `, threshold ${round((curve as AashtoCurve).threshold)} MPa not applied as a cut-off`;
  } else if (curve.name.startsWith('BS 7608 ')) {
    const bs = curve as Bs7608Curve;
    source = 'BS 7608:2014 Table 18 (design curve, mean − 2 SD)';
    slope = bs.slope;
    tail = `, m + 2 = ${bs.slope + 2} below S_oc = ${round(bs.fatigueLimit)} MPa at 10⁷, no cut-off`;
  }
  const rangeAt2MMpa = curve.rangeAt2M;
  return {
    name: curve.name,
    source,
    slope,
    rangeAt2MMpa,
    cutOffMpa: cutOff,
    text:
      `${curve.name}: ${source}; Δσ at 2·10⁶ = ${round(rangeAt2MMpa)} MPa, m = ${slope}${tail}` +
      (cutOff === null ? '' : `; cut-off ${round(cutOff)} MPa at 10⁸`),
  };
}
