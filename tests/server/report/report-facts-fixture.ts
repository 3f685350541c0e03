import type { ReportFacts, StatusPeriodFact } from '../../../server/report/report-facts.ts';
import { NO_CABLES_TEXT } from '../../../server/report/report-cables.ts';

/** The report's section headings, in their order. */
export const SECTION_HEADINGS = [
  'Summary',
  'Bridge and structure',
  'Condition',
  'Alarms and alerts',
  'Sensor faults',
  'Maintenance',
  'Inspections',
  'Data availability',
  'Natural frequency',
  'Modes',
  'Fatigue',
];

/** A gauge Under Maintenance from 3 April 10:00 to 7 April 16:00 UTC, as April's periods. */
export const APRIL_MAINTENANCE_PERIODS: StatusPeriodFact[] = [
  {
    status: 'active',
    from: '2026-04-01T00:00:00.000Z',
    to: '2026-04-03T10:00:00.000Z',
    startKnown: true,
    fromMonthStart: true,
  },
  {
    status: 'maintenance',
    from: '2026-04-03T10:00:00.000Z',
    to: '2026-04-07T16:00:00.000Z',
    startKnown: true,
    fromMonthStart: false,
  },
  {
    status: 'active',
    from: '2026-04-07T16:00:00.000Z',
    to: null,
    startKnown: true,
    fromMonthStart: false,
  },
];

const NO_MODE_ESTIMATE = { latestHz: null, changePercent: null, dampingPercent: null, mpc: null };

/** A month of facts for every section, as the gathering would hand them over. */
export function fullFacts(): ReportFacts {
  const daily = Array.from({ length: 30 }, (_, i) => (i % 7 === 5 ? 0 : 2e-6 + i * 1e-8));
  return {
    month: '2026-04',
    timeZone: 'UTC',
    units: 'metric',
    companyLogo: null,
    generatedAt: '2026-05-02T08:00:00.000Z',
    bridge: {
      id: 1,
      name: 'Harbour Bridge',
      location: 'North river',
      structureType: 'Steel girder',
      status: 'Open',
      constructionDate: '1978-06-01',
    },
    spans: [
      {
        label: 'S1',
        length: 42,
        sensors: [
          {
            label: 'hb-str-1',
            type: 'strain_gauge',
            status: 'active',
            installationDate: '2020-01-01',
            statusInMonth: APRIL_MAINTENANCE_PERIODS,
          },
          {
            label: 'hb-acc-1',
            type: 'accelerometer',
            status: 'active',
            installationDate: '2020-01-01',
            statusInMonth: [
              {
                status: 'active',
                from: '2026-04-01T00:00:00.000Z',
                to: null,
                startKnown: true,
                fromMonthStart: true,
              },
            ],
          },
        ],
      },
      { label: 'S2', length: 38, sensors: [] },
    ],
    condition: {
      evaluatedAt: '2026-05-01T03:00:00.000Z',
      periodStart: '2026-03-06T00:00:00.000Z',
      periodEnd: '2026-05-01T00:00:00.000Z',
      current: 'Fair',
      episodes: [
        {
          start: '2026-04-12T10:00:00.000Z',
          end: '2026-04-12T14:00:00.000Z',
          windows: 8,
          peakError: 4.25,
          frequencyShift: 'hb-acc-1.f1 -0.041 Hz (-1.20 %)',
        },
      ],
      windowsScored: 2800,
      windowsAnomalous: 8,
      windowsOutsideLearned: 3,
    },
    conditionHistory: {
      atMonthStart: 'Good',
      changes: [{ at: '2026-04-12T14:10:00.000Z', from: 'Good', to: 'Fair' }],
      atMonthEnd: 'Fair',
      evaluationsInMonth: 4320,
      monthEnded: true,
    },
    alerts: [
      {
        type: 'Anomaly Detection',
        severity: 'Medium',
        message: 'Anomalous behaviour on 12 April',
        state: 'cleared',
        raisedAt: '2026-04-12T14:05:00.000Z',
        acknowledgedAt: '2026-04-13T09:00:00.000Z',
        acknowledgedBy: 'inspector',
        comment: 'Checked on site: heavy convoy',
        clearedAt: '2026-04-20T00:00:00.000Z',
      },
      {
        type: 'Sensor offline',
        severity: 'Medium',
        message: 'hb-str-1 silent since 25 April',
        state: 'active',
        raisedAt: '2026-04-25T06:00:00.000Z',
        acknowledgedAt: null,
        acknowledgedBy: null,
        comment: null,
        clearedAt: null,
      },
    ],
    alertsLeftOut: 0,
    sensorFaults: [
      {
        streamId: 'hb-str-2',
        kind: 'Drift',
        onset: '2026-04-14T06:00:00.000Z',
        ended: null,
        reason: 'drifting up by 2.1 µε per hour over 24 h against its reference',
      },
    ],
    sensorDisagreements: [
      {
        streamIds: ['hb-str-1', 'hb-str-1b'],
        since: '2026-04-29T22:00:00.000Z',
        ended: null,
        detail:
          "hb-str-1 and hb-str-1b disagree: hb-str-1's response grew by 10 % against hb-str-1b's (window standard deviation ratios since the onset, against the reference's); a pair cannot tell which of the two changed, so neither is called faulty on this alone",
      },
    ],
    maintenance: [
      {
        occurredOn: '2026-04-14',
        kind: 'Sensor replacement',
        sensorLabel: 'hb-str-1',
        spanLabel: 'S1',
        note: 'Gauge debonded; new gauge bonded beside it',
        recordedBy: 'inspector',
        meaning: 'The data streams of hb-str-1 (hb-str) are left out of the scoring',
      },
      {
        occurredOn: '2026-04-28',
        kind: 'Repair',
        sensorLabel: null,
        spanLabel: null,
        note: null,
        recordedBy: null,
        meaning: 'Starts a new baseline; re-baselining, 3 of 7 days',
      },
    ],
    streams: [
      {
        streamId: 'hb-str',
        dataType: 'strain',
        sensors: ['hb-str-1'],
        expectedPerHour: 360000,
        basis: 'continuous',
        rateHz: 100,
        percentOfContinuous: 96.45,
        samples: 250_000_000,
        expected: 259_200_000,
        percent: 96.45,
        gaps: [{ start: '2026-04-25T06:00:00.000Z', hours: 24 }],
        gapCount: 1,
        hoursMissing: 24,
        daily: Array.from({ length: 30 }, (_, i) => (i === 24 ? 0 : 100)),
      },
      {
        streamId: 'hb-acc',
        dataType: 'acceleration',
        sensors: ['hb-acc-1'],
        expectedPerHour: 72000,
        basis: 'continuous',
        rateHz: 20,
        percentOfContinuous: 100,
        samples: 51_840_000,
        expected: 51_840_000,
        percent: 100,
        gaps: [],
        gapCount: 0,
        hoursMissing: 0,
        daily: Array.from({ length: 30 }, () => 100),
      },
    ],
    // Photos are added by the tests that draw them (report-pdf-photos.test.ts).
    inspections: [
      {
        inspectedOn: '2026-04-09',
        kind: 'Routine',
        inspector: 'F. Inspector',
        rating: 'NBI ratings: deck 7, superstructure 6, substructure 5',
        findings: 'Hairline crack at pier 2 bearing shelf',
        photos: [],
        photosLeftOut: 0,
      },
    ],
    inspectionsLeftOut: 0,
    frequency: {
      indicator: 'First natural frequency (hb-acc-1), temperature-compensated',
      unit: 'Hz',
      points: Array.from({ length: 30 }, (_, i) => ({
        t: new Date(Date.UTC(2026, 3, i + 1)).toISOString(),
        value: i === 3 ? null : 3.42 - (i === 11 ? 0.04 : 0) + i * 0.0005,
        anomalous: i === 11,
      })),
      alarmLow: 3.39,
      compensation: 'hb-acc-1.f1: temperature effect fitted on the baseline',
    },
    modes: {
      absent: null,
      spanLabel: 'S1',
      channels: 5,
      referenceVersion: 2,
      referenceWindowStart: '2026-04-02T08:00:00.000Z',
      latestWindowStart: '2026-04-30T23:50:00.000Z',
      latestSensors: 5,
      latestFrequenciesHz: [3.391],
      windowsInMonth: 4012,
      tracked: [
        {
          name: 'Mode 1',
          referenceHz: 3.42,
          latestHz: 3.391,
          changePercent: -0.848,
          dampingPercent: 1.234,
          mpc: 0.9981,
          mac: 0.9973,
          state: 'found',
          windowsFound: 3990,
          windowsLost: 22,
          lowHz: 3.371,
          highHz: 3.447,
          daily: [1, 2, 3].map((d) => ({
            day: `2026-04-0${d}`,
            found: 130,
            lost: 4,
            frequencyHz: { median: 3.42 - 0.01 * d, q1: 3.41 - 0.01 * d, q3: 3.43 - 0.01 * d },
            dampingRatio: { median: 0.012, q1: 0.011, q3: 0.013 },
          })),
        },
        {
          name: 'Mode 2',
          referenceHz: 12.8,
          ...NO_MODE_ESTIMATE,
          mac: null,
          state: 'lost',
          windowsFound: 3800,
          windowsLost: 212,
          lowHz: 12.61,
          highHz: 12.93,
          daily: [
            {
              day: '2026-04-02',
              found: 0,
              lost: 134,
              frequencyHz: null,
              dampingRatio: null,
            },
          ],
        },
      ],
      unmatched: [
        {
          name: 'New at 9.05 Hz',
          referenceHz: null,
          latestHz: 9.052,
          changePercent: null,
          dampingPercent: 2.5,
          mpc: 0.912,
          mac: null,
          state: 'found',
          windowsFound: null,
          windowsLost: null,
          lowHz: null,
          highHz: null,
          daily: [],
        },
      ],
      locatedChange: {
        window_start: '2026-04-30T23:50:00.000Z',
        supports_m: [0, 42],
        modes_compared: 2,
        reference_windows: 6,
        location_m: 17.26,
        candidate_m: 17.26,
        persistence: { agreeing: 2, of: 2, needed: 2 },
        noise_floor: 1.4,
        threshold: 2.9,
        sensors: [
          { datastream_id: 11, stream_id: 'hb-acc-1', chainage_m: 7, index: 0.4 },
          { datastream_id: 12, stream_id: 'hb-acc-2', chainage_m: 14, index: 2.1 },
          { datastream_id: 13, stream_id: 'hb-acc-3', chainage_m: 21, index: 3.25 },
        ],
      },
    },
    cables: { absent: NO_CABLES_TEXT, cables: [] },
    fatigue: [
      {
        name: 'Girder 2 cover plate',
        sensorLabel: 'hb-str-1',
        curve: 'EC3 71',
        damage: 0.4812,
        damageInMonth: daily.reduce((a, b) => a + b, 0),
        period: '1\u201330 April',
        daysInMonth: 26,
        equivalentRangeMpa: 55.3,
        remainingLifeYears: 38.2,
        daily,
        histogram: {
          binWidthMpa: 0.5,
          bins: [
            [1, 2_000_000],
            [10, 40_000],
            [40.5, 120],
          ],
        },
        rateWarning:
          'Sampling at 0.1 Hz cannot resolve load cycles (needs 4.2 Hz): damage is undercounted by about 17× or more',
        notes: [
          'Monitored 54.2 % of 1\u201330 April (390 of 720 hours); damage per monitored hour in it 1.23e-6',
          'Curve EC3 71: EN 1993-1-9:2005 Figure 7.1 (direct stress); Δσ at 2·10^6 = 71 MPa, m = 3',
        ],
      },
    ],
  };
}

/** The same bridge with nothing stored: every section must say so. */
export function emptyFacts(): ReportFacts {
  return {
    ...fullFacts(),
    spans: [],
    condition: null,
    conditionHistory: {
      atMonthStart: null,
      changes: [],
      atMonthEnd: null,
      evaluationsInMonth: 0,
      monthEnded: true,
    },
    alerts: [],
    sensorFaults: [],
    sensorDisagreements: [],
    maintenance: [],
    inspections: [],
    streams: [],
    frequency: null,
    modes: {
      ...fullFacts().modes,
      absent:
        'Modes need at least 3 vertical accelerometers with positions (a chainage) on one span, ' +
        'identified together; this bridge has 0 (0 accelerometers active in all).',
      tracked: [],
      unmatched: [],
      locatedChange: null,
    },
    cables: { absent: NO_CABLES_TEXT, cables: [] },
    fatigue: [],
  };
}
