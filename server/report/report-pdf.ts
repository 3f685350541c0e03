import PDFDocument from 'pdfkit';
import {
  barSeries,
  COLOURS,
  dayLabels,
  daysInMonth,
  lineSeries,
  referenceLine,
  valueAxis,
} from './pdf-charts.ts';
import { availabilityFigure } from './availability-text.ts';
import { conditionHistoryLines } from './condition-text.ts';
import { DAMAGE_LEVELS, type FatigueFact, type ReportFacts } from './report-facts.ts';
import { lifeText, monthName, reportSummary } from './report-summary.ts';
import { figureRoom, LINE, MARGIN, PdfLayout, pdfText } from './pdf-layout.ts';
import { drawConditionBox } from './report-condition-box.ts';
import { drawLogo } from './report-logo.ts';
import { stressText } from '../../domain/units.ts';
import { minuteWriter } from './report-time.ts';
import { statusPeriodsText } from './report-sensor-status.ts';
import {
  SENSOR_DISAGREEMENTS_TEXT,
  SENSOR_FAULTS_TEXT,
  sensorDisagreementLine,
  sensorFaultLine,
} from './report-sensor-faults.ts';
import { InspectionsWriter } from './report-inspections-section.ts';
import { ModesWriter } from './report-modes-section.ts';
import { CablesWriter } from './report-cables-section.ts';

const DAMAGE_BAR_HEIGHT = 18;

const AVAILABILITY_TEXT =
  'Percent of the expected samples stored, from the hourly roll-ups, over the hours since the ' +
  'stream’s first sample: expected per hour is continuous sampling at the stream’s rate, or ' +
  'for a duty-cycled stream (its usual hour, the median of the month’s hours with data, holds ' +
  'at most half of that) its usual hourly count; for single readings, its fullest hour. ' +
  'A gap is a run of whole hours without a sample.';

/** Draws the report of `facts` and returns the PDF's bytes. */
export function renderReportPdf(facts: ReportFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: pdfText(`${facts.bridge.name}: monthly report ${facts.month}`),
      Author: 'SpanWatch',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new ReportWriter(doc, facts).write();
  doc.end();
  return done;
}

class ReportWriter extends PdfLayout {
  /** Times of day in the reader's zone, named, so they read like the dashboard's. */
  private readonly when: (iso: string) => string;

  constructor(
    doc: PDFKit.PDFDocument,
    private readonly facts: ReportFacts,
  ) {
    super(doc);
    this.when = minuteWriter(facts.timeZone);
  }

  write() {
    const { doc, facts } = this;
    drawLogo(doc, facts.companyLogo);
    doc.font('Helvetica-Bold').fontSize(20).fillColor(COLOURS.text);
    doc.text(pdfText(facts.bridge.name));
    doc
      .font('Helvetica')
      .fontSize(13)
      .text(`Monthly report, ${monthName(facts.month)}`);
    // The verdict first, in a box, before any paragraph (issue 36).
    drawConditionBox(doc, facts);
    doc
      .moveDown(0.3)
      .fontSize(9)
      .fillColor(COLOURS.axis)
      .text(
        `Generated ${this.when(facts.generatedAt)} by SpanWatch from stored monitoring results. ` +
          `Times are in ${facts.timeZone}; the month and its daily figures run in UTC.`,
      );
    doc.fillColor(COLOURS.text);
    const summary = reportSummary(facts);
    this.heading('Summary', this.paragraphHeight(summary));
    this.paragraph(summary);
    this.structure();
    this.condition();
    this.alerts();
    this.sensorFaults();
    this.maintenance();
    new InspectionsWriter(doc, facts.inspections, facts.inspectionsLeftOut).write();
    this.availability();
    this.frequency();
    new ModesWriter(doc, facts.modes, this.when, facts.month).write();
    new CablesWriter(doc, facts.cables, this.when).write();
    this.fatigue();
    this.pageNumbers(
      (page, pages) => `${facts.bridge.name} · ${facts.month} · page ${page} of ${pages}`,
    );
  }

  private structure() {
    const { bridge, spans } = this.facts;
    const facts = [
      `Location: ${bridge.location}`,
      `Structure: ${bridge.structureType}; status ${bridge.status}`,
      `Built: ${bridge.constructionDate ?? 'not recorded'}`,
    ];
    this.heading('Bridge and structure', this.bulletsHeight(facts));
    this.bullets(facts);
    if (spans.length === 0) {
      this.paragraph('No spans are recorded for this bridge.');
      return;
    }
    for (const span of spans) {
      this.subheading(`Span ${span.label} (${span.length} m)`);
      if (span.sensors.length === 0) this.paragraph('No sensors on this span.');
      this.bullets(
        span.sensors.map(
          (s) =>
            `${s.label}: ${s.type.replace('_', ' ')}, installed ${s.installationDate}; ` +
            `in the month: ${statusPeriodsText(s.statusInMonth, this.when)}`,
        ),
      );
    }
  }

  private condition() {
    const c = this.facts.condition;
    this.heading('Condition', 4 * LINE);
    if (!c) {
      this.paragraph(
        'No stored analysis for this bridge yet: the condition has not been assessed.',
      );
      return;
    }
    this.bullets([
      `Latest evaluation: ${c.evaluatedAt ? this.when(c.evaluatedAt) : 'none'}, over ${c.periodStart.slice(0, 10)} to ${c.periodEnd.slice(0, 10)}; condition ${c.current ?? 'not assessed'}`,
      ...conditionHistoryLines(this.facts.conditionHistory, this.facts.timeZone),
      `Analysis windows in the month: ${c.windowsScored} scored, ${c.windowsAnomalous} anomalous, ${c.windowsOutsideLearned} outside the learned conditions`,
    ]);
    if (c.episodes.length === 0) this.paragraph('No alarm episode started in the month.');
    else {
      this.subheading('Alarm episodes', 2 * LINE);
      this.bullets(
        c.episodes.map(
          (e) =>
            `${this.when(e.start)} to ${this.when(e.end)}: ${e.windows} windows, peak error ${e.peakError.toFixed(3)}` +
            (e.frequencyShift ? `; frequency shift ${e.frequencyShift}` : ''),
        ),
      );
    }
  }

  private alerts() {
    const { alerts, alertsLeftOut } = this.facts;
    this.heading('Alarms and alerts', 50);
    if (alerts.length === 0) {
      this.paragraph('No alert was open during the month.');
      return;
    }
    for (const a of alerts) {
      this.ensureSpace(50);
      this.doc.font('Helvetica-Bold');
      this.paragraph(`${this.when(a.raisedAt)} · ${a.severity} · ${a.type} (${a.state})`);
      this.doc.font('Helvetica');
      this.paragraph(a.message, { indent: 10 });
      this.paragraph(
        a.acknowledgedAt
          ? `Acknowledged ${this.when(a.acknowledgedAt)} by ${a.acknowledgedBy ?? 'a removed user'}` +
              (a.comment ? `: "${a.comment}"` : ' (no comment)')
          : 'Not acknowledged',
        { indent: 10 },
      );
      if (a.clearedAt) this.paragraph(`Cleared ${this.when(a.clearedAt)}`, { indent: 10 });
      this.doc.moveDown(0.3);
    }
    if (alertsLeftOut > 0) this.paragraph(`${alertsLeftOut} further alerts are not listed.`);
  }

  private sensorFaults() {
    const faults = this.facts.sensorFaults;
    const lines = faults.map((fault) => sensorFaultLine(fault, this.when));
    // Kept with its text and first fault.
    this.heading(
      'Sensor faults',
      this.paragraphHeight(SENSOR_FAULTS_TEXT) + this.bulletsHeight(lines.slice(0, 1)) + LINE,
    );
    if (faults.length === 0) {
      this.paragraph('No sensor fault was in force during the month.');
    } else {
      this.paragraph(SENSOR_FAULTS_TEXT);
      this.doc.moveDown(0.3);
      this.bullets(lines);
    }
    this.sensorDisagreements();
  }

  /** Twin pairs that disagree: not faults, so listed after them, in the dashboard's words. */
  private sensorDisagreements() {
    const pairs = this.facts.sensorDisagreements;
    if (pairs.length === 0) return;
    const lines = pairs.map((pair) => sensorDisagreementLine(pair, this.when));
    const intro = SENSOR_DISAGREEMENTS_TEXT;
    this.subheading(
      'Twin sensors that disagree',
      this.paragraphHeight(intro) + this.bulletsHeight(lines.slice(0, 1)),
    );
    this.paragraph(intro);
    this.doc.moveDown(0.3);
    this.bullets(lines);
  }

  private maintenance() {
    this.heading('Maintenance', 50);
    if (this.facts.maintenance.length === 0) {
      this.paragraph('No maintenance recorded this month.');
      return;
    }
    for (const m of this.facts.maintenance) {
      this.ensureSpace(50);
      const part = [
        m.sensorLabel && `sensor ${m.sensorLabel}`,
        m.spanLabel && `span ${m.spanLabel}`,
      ];
      const on = part.filter(Boolean).join(', ');
      this.doc.font('Helvetica-Bold');
      this.paragraph(`${m.occurredOn} · ${m.kind}${on ? ` (${on})` : ''}`);
      this.doc.font('Helvetica');
      if (m.note) this.paragraph(`"${m.note}"`, { indent: 10 });
      if (m.recordedBy) this.paragraph(`Recorded by ${m.recordedBy}`, { indent: 10 });
      this.paragraph(m.meaning, { indent: 10 });
      this.doc.moveDown(0.3);
    }
  }

  private availability() {
    const { streams, month } = this.facts;
    if (streams.length === 0) {
      this.heading('Data availability');
      this.paragraph('No data streams are linked to this bridge’s sensors.');
      return;
    }
    const lines = streams.map((s) =>
      s.percent === null
        ? `${s.streamId} (${s.dataType}; ${s.sensors.join(', ')}): no samples expected in the month`
        : `${s.streamId} (${s.dataType}; ${s.sensors.join(', ')}): ${availabilityFigure(s)}, ` +
          `${s.gapCount} ${s.gapCount === 1 ? 'gap' : 'gaps'}, ${s.hoursMissing} hours missing` +
          (s.gaps.length > 0
            ? `; longest ${s.gaps.map((g) => `${this.when(g.start)} (${g.hours} h)`).join(', ')}`
            : ''),
    );
    const days = Math.max(...streams.map((s) => s.daily.length), 1);
    const rowHeight = Math.max(6, Math.min(14, 200 / streams.length));
    // Kept with its list and chart when they fit on a page, else with the text and first line.
    const intro = this.paragraphHeight(AVAILABILITY_TEXT) + 4;
    const whole = intro + this.bulletsHeight(lines) + figureRoom(rowHeight * streams.length);
    this.heading(
      'Data availability',
      whole <= this.pageRoom() - 40 ? whole : intro + this.bulletsHeight(lines.slice(0, 1)),
    );
    this.paragraph(AVAILABILITY_TEXT);
    this.doc.moveDown(0.3);
    this.bullets(lines);
    this.figure(
      'Data availability per stream and day (dark: all expected samples, light: part, red: none, grey: nothing expected)',
      rowHeight * streams.length,
      (box) => {
        const slot = box.width / days;
        streams.forEach((s, row) => {
          const y = box.y + row * rowHeight;
          this.doc.save().fontSize(6).fillColor(COLOURS.axis);
          this.doc.text(pdfText(s.streamId), MARGIN - 5, y + rowHeight / 2 - 3, {
            width: 58,
            align: 'right',
            lineBreak: false,
            ellipsis: true,
          });
          this.doc.restore();
          s.daily.forEach((percent, day) => {
            const colour =
              percent === null
                ? COLOURS.missing
                : percent >= 99
                  ? '#1b5e20'
                  : percent > 0
                    ? '#81c784'
                    : COLOURS.alarm;
            this.doc.rect(box.x + day * slot, y, slot - 0.5, rowHeight - 1).fill(colour);
          });
        });
        dayLabels(this.doc, { ...box, height: rowHeight * streams.length }, days, month);
      },
    );
  }

  private frequency() {
    const f = this.facts.frequency;
    const values = f?.points.filter((p) => p.value !== null) ?? [];
    if (!f || values.length === 0) {
      this.heading('Natural frequency');
      this.paragraph('No natural-frequency values are stored for this month.');
      return;
    }
    const intro = [
      `${f.indicator}, daily means (${f.unit}).`,
      f.compensation
        ? `Temperature compensation: ${f.compensation}.`
        : 'No temperature compensation: the bridge has no temperature stream, so raw frequencies are shown.',
    ];
    const chartHeight = 150;
    this.heading(
      'Natural frequency',
      intro.reduce((sum, line) => sum + this.paragraphHeight(line), 0) + figureRoom(chartHeight),
    );
    for (const line of intro) this.paragraph(line);
    const monthStart = Date.parse(`${this.facts.month}-01T00:00:00Z`);
    const slots = daysInMonth(this.facts.month);
    const series = new Array<number | null>(slots).fill(null);
    const marked = new Array<boolean>(slots).fill(false);
    for (const p of f.points) {
      const i = Math.floor((Date.parse(p.t) - monthStart) / 86_400_000);
      if (i >= 0 && i < slots) {
        series[i] = p.value;
        marked[i] = p.anomalous;
      }
    }
    const numbers = values.map((p) => p.value ?? 0);
    const low = Math.min(...numbers, f.alarmLow ?? Infinity);
    const high = Math.max(...numbers);
    const pad = (high - low) * 0.1 || 0.01;
    this.figure(
      `${f.compensation ? 'Temperature-compensated' : 'Raw'} first natural frequency per day (${f.unit}); red dots: days with anomalous windows` +
        (f.alarmLow !== null ? '; dashed: alarm level' : ''),
      chartHeight,
      (box) => {
        const y = valueAxis(this.doc, box, low - pad, high + pad);
        if (f.alarmLow !== null) {
          referenceLine(
            this.doc,
            box,
            y(f.alarmLow),
            `alarm ${f.alarmLow.toFixed(3)} ${f.unit}`,
            COLOURS.alarm,
          );
        }
        lineSeries(this.doc, box, series, y, marked);
        dayLabels(this.doc, box, slots, this.facts.month);
      },
    );
  }

  private fatigue() {
    const [first] = this.facts.fatigue;
    if (!first) {
      this.heading('Fatigue');
      this.paragraph('No fatigue details are defined on this bridge.');
      return;
    }
    this.heading('Fatigue', 22 + this.fatigueOpening(first));
    for (const detail of this.facts.fatigue) this.fatigueDetail(detail);
  }

  private fatigueFacts(d: FatigueFact): string[] {
    return [
      `Cumulative damage at the month’s end D = ${d.damage.toExponential(3)}; ` +
        (d.period === null
          ? 'no day of the month counted'
          : `in ${d.period ?? 'the month'} ${d.damageInMonth.toExponential(3)} over ${d.daysInMonth} counted ${d.daysInMonth === 1 ? 'day' : 'days'}`),
      `Equivalent stress range at 2 million cycles ${stressText(d.equivalentRangeMpa, this.facts.units)}`,
      `Remaining life ${lifeText(d.remainingLifeYears)}`,
      ...(d.rateWarning ? [`Warning: ${d.rateWarning}`] : []),
      ...(d.notes ?? []),
    ];
  }

  /** A detail's facts and its first figure, which its (sub)heading is kept with. */
  private fatigueOpening(d: FatigueFact): number {
    return this.bulletsHeight(this.fatigueFacts(d)) + figureRoom(DAMAGE_BAR_HEIGHT);
  }

  private fatigueDetail(d: FatigueFact) {
    this.subheading(`${d.name} (${d.sensorLabel}, ${d.curve})`, this.fatigueOpening(d));
    this.bullets(this.fatigueFacts(d));
    this.figure(
      `Cumulative damage of ${d.name} against the levels ${DAMAGE_LEVELS.join(' and ')} (D = 1: end of life)`,
      DAMAGE_BAR_HEIGHT,
      (box) => {
        const doc = this.doc;
        doc.rect(box.x, box.y, box.width, box.height).fill(COLOURS.missing);
        doc.rect(box.x, box.y, box.width * Math.min(1, d.damage), box.height).fill(COLOURS.bar);
        for (const level of DAMAGE_LEVELS) {
          doc.save().lineWidth(1.2).strokeColor(COLOURS.level);
          doc
            .moveTo(box.x + box.width * level, box.y - 3)
            .lineTo(box.x + box.width * level, box.y + box.height + 3)
            .stroke();
          doc.restore();
        }
        doc.save().fontSize(7).fillColor(COLOURS.axis);
        doc.text('0', box.x - 10, box.y + 5, { lineBreak: false });
        doc.text('1', box.x + box.width + 3, box.y + 5, { lineBreak: false });
        doc.restore();
      },
    );
    const maxDaily = Math.max(...d.daily);
    if (maxDaily > 0) {
      this.figure(`Damage per day of ${d.name} in the month`, 90, (box) => {
        const y = valueAxis(this.doc, box, 0, maxDaily, (v) => v.toExponential(1));
        barSeries(this.doc, box, d.daily, y);
        dayLabels(this.doc, box, d.daily.length, this.facts.month);
      });
    } else this.paragraph('No damage was counted in the month.');
    const bins = d.histogram.bins;
    if (bins.length === 0) {
      this.paragraph('No counted cycles yet, so no stress-range histogram.');
      return;
    }
    this.figure(
      `Stress-range histogram of ${d.name} since the first counted day (cycles on a log scale)`,
      100,
      (box) => {
        const maxRange = Math.max(...bins.map((b) => b[0]));
        const maxLog = Math.max(1, ...bins.map((b) => Math.log10(1 + b[1])));
        const y = valueAxis(this.doc, box, 0, maxLog, (v) => `1e${v.toFixed(0)}`);
        const barWidth = Math.max(
          0.6,
          (box.width / (maxRange / d.histogram.binWidthMpa + 1)) * 0.9,
        );
        for (const [range, cycles] of bins) {
          const top = y(Math.log10(1 + cycles));
          this.doc
            .rect(box.x + (range / maxRange) * (box.width - barWidth), top, barWidth, y(0) - top)
            .fill(COLOURS.bar);
        }
        this.doc.save().fontSize(7).fillColor(COLOURS.axis);
        this.doc.text(stressText(0, this.facts.units), box.x, box.y + box.height + 3, {
          lineBreak: false,
        });
        this.doc.text(
          stressText(maxRange, this.facts.units),
          box.x + box.width - 60,
          box.y + box.height + 3,
          {
            width: 60,
            align: 'right',
            lineBreak: false,
          },
        );
        this.doc.restore();
      },
    );
  }
}
