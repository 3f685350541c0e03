// Heavy-truck classes for the traffic strain generator: axle layouts and gross weights. Plausible
// values with the pattern weigh-in-motion records show (semis most common, gross weights in two
// humps: empty and loaded), not calibrated to a site. Cars are left out: their strain cycles are
// far below any S-N cut-off.

export interface TruckClass {
  name: '2-axle' | '3-axle' | '5-axle semi' | '6-axle semi';
  share: number;
  /** Axle positions behind the front axle, m. */
  axleOffsetsM: number[];
  /** Share of the gross weight per axle. */
  axleShares: number[];
  empty: [meanKn: number, sdKn: number];
  loaded: [meanKn: number, sdKn: number];
  loadedShare: number;
}

const SEMI_OFFSETS = [0, 3.8, 5.1, 12.5, 13.8];
export const TRUCK_CLASSES: TruckClass[] = [
  {
    name: '2-axle',
    share: 0.2,
    axleOffsetsM: [0, 5],
    axleShares: [0.35, 0.65],
    empty: [80, 15],
    loaded: [150, 25],
    loadedShare: 0.5,
  },
  {
    name: '3-axle',
    share: 0.15,
    axleOffsetsM: [0, 4.5, 5.8],
    axleShares: [0.3, 0.35, 0.35],
    empty: [120, 20],
    loaded: [230, 35],
    loadedShare: 0.55,
  },
  {
    name: '5-axle semi',
    share: 0.55,
    axleOffsetsM: SEMI_OFFSETS,
    axleShares: [0.12, 0.22, 0.22, 0.22, 0.22],
    empty: [150, 20],
    loaded: [330, 50],
    loadedShare: 0.65,
  },
  {
    name: '6-axle semi',
    share: 0.1,
    axleOffsetsM: [...SEMI_OFFSETS, 15.1],
    axleShares: [0.1, 0.18, 0.18, 0.18, 0.18, 0.18],
    empty: [180, 25],
    loaded: [420, 60],
    loadedShare: 0.7,
  },
];
