// Decision 046's stay (100 m, 60 kg/m, EI 5 MN·m², clamped, 40 elements, one accelerometer at
// 0.13 L, 0.3 % damping), shared by the cable tension tests and the bench's cable case.
import { type BeamModel, beamModel } from '../../server/sim/beam-model.ts';

export const STAY = { lengthM: 100, massPerM: 60, bendingStiffnessNm2: 5e6 };

export function stayModel(tensionN: number, modes = 6): BeamModel {
  return beamModel({
    spanM: STAY.lengthM,
    elements: 40,
    massPerM: STAY.massPerM,
    bendingStiffnessNm2: STAY.bendingStiffnessNm2,
    tensionN,
    ends: 'clamped',
    sensorsM: [13],
    dampingRatios: new Array<number>(modes).fill(0.003),
    modes,
  });
}
