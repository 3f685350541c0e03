import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { reportSummary } from '../../../server/report/report-summary.ts';
import { SECTION_HEADINGS, emptyFacts, fullFacts } from './report-facts-fixture.ts';

async function pdfOf(facts = fullFacts()) {
  const bytes = await renderReportPdf(facts);
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  // Extracted text breaks lines where the PDF does: compare on single spaces.
  return { bytes, totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('monthly report PDF', () => {
  it('holds every section, figure and the facts behind them', async () => {
    const { bytes, totalPages, text } = await pdfOf();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(totalPages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`page ${totalPages} of ${totalPages}`);
    for (const section of ['Harbour Bridge', 'Monthly report, April 2026', ...SECTION_HEADINGS]) {
      expect(text).toContain(section);
    }
    expect(text).toContain('Span S1 (42 m)');
    // The statuses in force in the month, not the one now (decision 045, 2026-12-03 (i)).
    expect(text).toContain(
      'hb-str-1: strain gauge, installed 2020-01-01; in the month: Active until 2026-04-03 ' +
        '10:00 UTC; Under Maintenance from 2026-04-03 10:00 UTC to 2026-04-07 16:00 UTC; ' +
        'Active from 2026-04-07 16:00 UTC',
    );
    expect(text).toContain(
      'hb-acc-1: accelerometer, installed 2020-01-01; in the month: Active all month',
    );
    expect(text).toContain(
      'Condition at the start of the month: Good • Changes of condition in the month ' +
        '(4320 evaluations stored in it): • 2026-04-12 14:10 UTC: changed from Good to Fair ' +
        '• Condition at the end of the month: Fair',
    );
    expect(text).toContain('frequency shift hb-acc-1.f1 -0.041 Hz (-1.20 %)');
    expect(text).toContain(
      'Acknowledged 2026-04-13 09:00 UTC by inspector: "Checked on site: heavy convoy"',
    );
    expect(text).toContain('Not acknowledged');
    expect(text).toContain(
      '2026-04-14 · Sensor replacement (sensor hb-str-1, span S1) "Gauge debonded; new gauge bonded beside it" Recorded by inspector The data streams of hb-str-1 (hb-str) are left out of the scoring',
    );
    // The standard fonts spell ε as e (pdf-layout.ts); the micro sign is extracted as μ.
    expect(text).toMatch(
      /Sensor faults .* • Drift on hb-str-2 from 2026-04-14 06:00 UTC, in force at the month’s end: drifting up by 2\.1 [µμ]e per hour over 24 h against its reference Twin sensors that disagree/,
    );
    // Decision 074: a twin pair that disagrees is not a fault; it follows the faults, in the
    // dashboard's words, with whether it still disagreed at the month's end.
    expect(text).toContain(
      'Twin sensors that disagree Co-located twin gauges whose response ratio moved against the one learnt for them. ' +
        'A pair cannot tell which of its two gauges changed, so neither is a fault and both stay in use until an ' +
        'engineer has inspected them. A pair is no longer found when it agrees again or when the checks of one ' +
        'of its gauges find that one faulty. ' +
        '• hb-str-1 and hb-str-1b disagree since 2026-04-29 22:00 UTC: one of them reads wrong; neither is left ' +
        'out of the condition analysis, the limits or the fatigue counting, so inspect both. ' +
        "hb-str-1's response grew by 10 % against hb-str-1b's",
    );
    expect(text).toContain(
      'so neither is called faulty on this alone. Still disagreeing at the month’s end.',
    );
    expect(text).toContain('2026-04-28 · Repair Starts a new baseline; re-baselining, 3 of 7 days');
    expect(text).toContain(
      'hb-str (strain; hb-str-1): 96.5 % (250,000,000 of 259,200,000 samples), 1 gap, 24 hours missing',
    );
    expect(text).toContain('longest 2026-04-25 06:00 UTC (24 h)');
    expect(text).toContain('Temperature compensation: hb-acc-1.f1');
    expect(text).toContain('D = 4.812e-1');
    expect(text).toContain('Remaining life 38 years');
    // Decision 045: the rate warning, the coverage and the curve in the fatigue section.
    expect(text).toContain(
      'Warning: Sampling at 0.1 Hz cannot resolve load cycles (needs 4.2 Hz): damage is undercounted by about 17× or more',
    );
    expect(text).toContain('Monitored 54.2 % of 1\u201330 April (390 of 720 hours)');
    expect(text).toContain(
      'Curve EC3 71: EN 1993-1-9:2005 Figure 7.1 (direct stress); Delta sigma at 2·10^6',
    );
    // One figure for availability, one for the frequency, two for the modes' daily trend (their
    // writer's figures numbered on from the report's), three for the fatigue detail.
    expect(text).toContain('Figure 1: Data availability per stream and day');
    expect(text).toContain('Figure 2: Temperature-compensated first natural frequency per day');
    expect(text).toContain(
      "Figure 3: Each reference mode's daily median frequency in the month as a change from its " +
        'reference frequency (%), with the day’s quartiles as bars; UTC days; Mode 1 blue, Mode 2 orange',
    );
    expect(text).toContain(
      "Figure 4: Each reference mode's daily median damping ratio in the month (%), with the day’s quartiles as bars",
    );
    expect(text).toContain(
      'Figure 5: Cumulative damage of Girder 2 cover plate against the levels 0.5 and 0.8',
    );
    expect(text).toContain('Figure 6: Damage per day of Girder 2 cover plate');
    expect(text).toContain('Figure 7: Stress-range histogram of Girder 2 cover plate');
    expect(text).not.toContain('Figure 8');
  });

  it("writes its times of day in the reader's zone, named, as the dashboard does", async () => {
    const { text } = await pdfOf({ ...fullFacts(), timeZone: 'America/Toronto' });
    // 14:10 and 09:00 UTC in April are 10:10 and 05:00 in Toronto (EDT).
    expect(text).toContain('2026-04-12 10:10 EDT: changed from Good to Fair');
    expect(text).toContain('Acknowledged 2026-04-13 05:00 EDT by inspector');
    expect(text).toContain(
      'Times are in America/Toronto; the month and its daily figures run in UTC.',
    );
    expect(text).not.toMatch(/\d{2}:\d{2} UTC/);
  });

  it('writes stresses in ksi for an imperial company, in MPa otherwise (decision 064)', async () => {
    const { text } = await pdfOf({ ...fullFacts(), units: 'imperial' });
    // 55.3 MPa / 6.894757 MPa per ksi = 8.02 ksi; the histogram's widest range 40.5 MPa = 5.87 ksi.
    expect(text).toContain('Equivalent stress range at 2 million cycles 8.02 ksi');
    expect(text).toContain('5.87 ksi');
    expect(text).not.toContain('55.3 MPa');
    expect((await pdfOf()).text).toContain('Equivalent stress range at 2 million cycles 55.3 MPa');
  });

  it('states each tracked mode against the reference as the Modes card does, and the located change (decision 076)', async () => {
    const { text } = await pdfOf();
    expect(text).toContain(
      "Span S1, 5 sensors in the newest window's shapes. Reference: the window of 2026-04-02 08:00 UTC, " +
        'the first after reference version 2 became active. Newest window of the month: ' +
        '2026-04-30 23:50 UTC; 4012 windows identified in the month. 1 of 2 reference modes lost in the newest window.',
    );
    // The card's precision: 3 decimals in Hz and for MAC, 2 for the change and damping.
    expect(text).toContain(
      '• Mode 1: reference 3.420 Hz; newest window 3.391 Hz (-0.85 %), damping 1.23 %, MPC 0.998, ' +
        'MAC 0.997. In the month found in 3990 of 4012 windows matched against this reference, ' +
        '3.371 to 3.447 Hz.',
    );
    expect(text).toContain(
      '• Mode 2: reference 12.800 Hz; lost in the newest window (no estimate). In the month found ' +
        'in 3800 of 4012 windows matched against this reference, 12.610 to 12.930 Hz.',
    );
    expect(text).toContain(
      '• New at 9.05 Hz: 9.052 Hz, damping 2.50 %, MPC 0.912; no reference mode matches it.',
    );
    expect(text).toContain(
      "Located change along the deck (span S1): Largest change near 17.3 m from the span's start " +
        '(0.0 m to 42.0 m), named there by 2 of the newest 2 windows, highest at hb-acc-3 (3.3), ' +
        "above the healthy scatter's 2.9 (the " +
        'highest index of the 6 reference windows each compared with the others, 1.4, plus a ' +
        "margin): the rise of each sensor's curvature over 2 modes, in units of its scatter over " +
        '6 reference windows. An index to say where to look first, not an alarm.',
    );
  });

  it('draws the figures as vector paths, not images', async () => {
    const { bytes } = await pdfOf();
    expect(bytes.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('says so in each section that has no data', async () => {
    const { text, totalPages } = await pdfOf(emptyFacts());
    expect(totalPages).toBe(1);
    expect(text).toContain('No spans are recorded for this bridge.');
    expect(text).toContain('No stored analysis for this bridge yet');
    expect(text).toContain('No alert was open during the month.');
    expect(text).toContain('No sensor fault was in force during the month.');
    expect(text).not.toContain('Twin sensors that disagree');
    expect(text).toContain('No maintenance recorded this month.');
    expect(text).toContain('No data streams are linked');
    expect(text).toContain('No natural-frequency values are stored for this month.');
    expect(text).toContain('No fatigue details are defined on this bridge.');
    expect(text).toContain(
      'Modes Modes need at least 3 vertical accelerometers with positions (a chainage) on one ' +
        'span, identified together; this bridge has 0 (0 accelerometers active in all).',
    );
    // A bridge without a stay or hanger gets no cable section (decision 079).
    expect(text).not.toContain('Cable tension');
    expect(text).not.toContain('Figure 1');
  });

  it('summarises the facts in one paragraph', () => {
    expect(reportSummary(fullFacts())).toBe(
      'In April 2026, Harbour Bridge (2 spans, 2 sensors) was monitored by SpanWatch. ' +
        'At the latest evaluation (2026-05-01) its condition was Fair. ' +
        'Its condition was Good at the start of the month, became Fair on 2026-04-12. 1 alarm episode started in the month. ' +
        '2 alerts were open during the month, 1 acknowledged and 1 cleared. ' +
        '2 maintenance events were recorded: sensor replacement on 2026-04-14 and repair on 2026-04-28. ' +
        'Data availability averaged 98.2 % over 2 data streams; the lowest was hb-str at 96.5 % ' +
        'with 1 gap of an hour or more. ' +
        'The temperature-compensated first natural frequency averaged 3.426 Hz over 29 days ' +
        '(3.385 to 3.434 Hz), below its alarm level of 3.390 Hz on 1 day. ' +
        "Of 2 reference modes, 1 was not found in the month's newest window; the largest " +
        'frequency change of those found was \u22120.85 % (Mode 1). ' +
        'Of 1 fatigue detail, Girder 2 cover plate (hb-str-1) has the highest cumulative damage, ' +
        "D = 4.81e-1 at the month's end (5.57e-5 in the month), remaining life 38 years.",
    );
  });
});
