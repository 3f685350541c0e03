import { locatedChangeText } from '../../domain/located-change-text.ts';
import {
  foundFrequenciesText,
  modeFrequencyText,
  modeRowText,
  pendingReferenceText,
} from '../../domain/mode-rows.ts';
import { LINE, PdfLayout } from './pdf-layout.ts';
import type { ModeFact, ModesFacts } from './report-facts.ts';
import { ModeTrendWriter } from './report-modes-trend.ts';

export const MODES_METHOD_TEXT =
  'Identified by covariance-driven stochastic subspace identification (SSI-COV) from the ' +
  'vertical accelerometers of one span together, one 10-minute window at a time up to 20 Hz ' +
  '(where the sensors record in bursts, the window’s burst of at least 60 s, up to 0.4 times ' +
  'the sampling rate), ' +
  'each mode with its damping ratio and the modal phase collinearity (MPC, 1 for a real, ' +
  'classical shape) of its shape. Each window’s modes are matched to the reference modes by ' +
  'frequency (within 20 %) and shape (MAC at least 0.8, 1 = the same shape); a reference mode ' +
  'not found is reported lost, never replaced by the nearest peak. The figures of the newest ' +
  'window are those the dashboard’s Modes card showed for it.';

const windowsWord = (n: number) => `${n} ${n === 1 ? 'window' : 'windows'}`;

/**
 * The report's Modes section (decision 076): how the modes are found, the reference and the
 * month's newest window, each reference mode against it with its month's record, the modes the
 * reference lacks, and the located-change result along the deck, or why the bridge has none.
 */
export class ModesWriter extends PdfLayout {
  constructor(
    doc: PDFKit.PDFDocument,
    private readonly modes: ModesFacts,
    private readonly when: (iso: string) => string,
    private readonly month: string,
  ) {
    super(doc);
  }

  write() {
    const m = this.modes;
    if (m.absent !== null) {
      this.heading('Modes');
      this.paragraph(m.absent);
      return;
    }
    const opening = [MODES_METHOD_TEXT, this.windowsText()];
    const lines = [...m.tracked.map((r) => this.trackedLine(r)), ...m.unmatched.map(unmatchedLine)];
    this.heading(
      'Modes',
      opening.reduce((sum, text) => sum + this.paragraphHeight(text), 0) +
        this.bulletsHeight(lines.slice(0, 1)) +
        LINE,
    );
    for (const text of opening) this.paragraph(text);
    this.doc.moveDown(0.3);
    // Without a reference the opening names the newest window's modes (as the card does).
    if (lines.length === 0 && m.referenceWindowStart !== null)
      this.paragraph('Neither the reference window nor the newest window holds a mode.');
    this.bullets(lines);
    this.doc.moveDown(0.3);
    if (m.tracked.length > 0) new ModeTrendWriter(this.doc, m.tracked, this.month).write();
    this.paragraph(
      m.locatedChange
        ? `${m.locatedChange.location_m === null ? 'Change' : 'Located change'} along the deck ` +
            `(span ${m.spanLabel ?? ''}): ${locatedChangeText(m.locatedChange)}`
        : 'No located-change result for this window: it needs the 6 reference windows identified ' +
            'first, a newest window after them with the same sensors, and every vertical ' +
            'accelerometer of the span placed.',
    );
  }

  private windowsText(): string {
    const m = this.modes;
    const span = `Span ${m.spanLabel ?? 'not known'}, ${m.latestSensors} sensors in the newest window's shapes.`;
    const counted = `${windowsWord(m.windowsInMonth)} identified in the month.`;
    if (m.referenceWindowStart === null) {
      // The Modes card's words (decision 021, amendment 2026-12-02 (a)): the newest window's
      // modes exist, only the reference to compare them with does not.
      const found = m.latestFrequenciesHz.map((hz) => ({ lost: false, frequency_hz: hz }));
      return (
        `${span} ${pendingReferenceText(m.referenceVersion)} ` +
        `Newest window of the month: ${this.when(m.latestWindowStart ?? '')}, modes at ` +
        `${foundFrequenciesText(found)}; ${counted}`
      );
    }
    const reference =
      `Reference: the window of ${this.when(m.referenceWindowStart)}` +
      (m.referenceVersion === null
        ? ', the first identified (no reference version accepted yet).'
        : `, the first after reference version ${m.referenceVersion} became active.`);
    const lost = m.tracked.filter((r) => r.state === 'lost').length;
    return (
      `${span} ${reference} ` +
      `Newest window of the month: ${this.when(m.latestWindowStart ?? '')}; ${counted}` +
      (m.tracked.length > 0
        ? ` ${lost} of ${m.tracked.length} reference modes lost in the newest window.`
        : '')
    );
  }

  private trackedLine(row: ModeFact): string {
    const text = modeRowText({ ...row, referenceShape: [], latestShape: [] });
    const now =
      row.state === 'found'
        ? `newest window ${text.latest} (${text.change}), damping ${text.damping}, MPC ${text.mpc}, MAC ${text.mac}`
        : `${text.state.toLowerCase()} in the newest window (no estimate)`;
    const found = row.windowsFound ?? 0;
    const seen = found + (row.windowsLost ?? 0);
    const range =
      row.lowHz !== null && row.highHz !== null
        ? `, ${row.lowHz.toFixed(3)} to ${modeFrequencyText(row.highHz)}`
        : '';
    return (
      `${row.name}: reference ${text.reference}; ${now}. ` +
      `In the month found in ${found} of ${windowsWord(seen)} matched against this reference${range}.`
    );
  }
}

function unmatchedLine(row: ModeFact): string {
  const text = modeRowText({ ...row, referenceShape: [], latestShape: [] });
  return `${row.name}: ${text.latest}, damping ${text.damping}, MPC ${text.mpc}; no reference mode matches it.`;
}
