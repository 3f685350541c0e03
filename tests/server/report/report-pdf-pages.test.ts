import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { conditionBoxLines } from '../../../server/report/report-condition-box.ts';
import type { ReportFacts } from '../../../server/report/report-facts.ts';
import { renderReportPdf } from '../../../server/report/report-pdf.ts';
import { SECTION_HEADINGS, emptyFacts, fullFacts } from './report-facts-fixture.ts';

// Issue 36, item 14: the PDF's page layout, read as text page by page.

const FOOTER = / · page \d+ of \d+$/;

/** Each page's lines of text, without its footer. */
async function pagesOf(facts: ReportFacts): Promise<string[][]> {
  const bytes = await renderReportPdf(facts);
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !FOOTER.test(line)),
  );
}

const HEADINGS = [...SECTION_HEADINGS, 'Alarm episodes', 'Girder 2 cover plate (hb-str-1, EC3 71)'];
const isHeading = (line: string) => HEADINGS.includes(line) || /^Span \S+ \(\d+ m\)$/.test(line);

const pageOf = (pages: string[][], find: (line: string) => boolean) =>
  pages.findIndex((lines) => lines.some(find));

/** The fixture with `extra` more alerts: each pushes what follows a few lines down the pages. */
function withAlerts(extra: number): ReportFacts {
  const facts = fullFacts();
  const [alert] = facts.alerts;
  if (!alert) throw new Error('the fixture has no alert');
  const more = Array.from({ length: extra }, (_, i) => ({
    ...alert,
    message: `Repeated alert ${i + 1}`,
  }));
  return { ...facts, alerts: [...facts.alerts, ...more] };
}

describe('monthly report PDF pages', () => {
  it('opens page 1 with the condition box, before any paragraph', async () => {
    const [first = []] = await pagesOf(fullFacts());
    expect(first.slice(0, 5)).toEqual([
      'Harbour Bridge',
      'Monthly report, April 2026',
      'Condition: Fair',
      'Health score: 75 (90 Good, 75 Fair, 60 Poor or Critical)',
      'Active alerts: 1 (raised and not acknowledged when the report was generated)',
    ]);
    expect(first.indexOf('Summary')).toBeGreaterThan(4);
  });

  it('says in the box when the bridge is Critical, not assessed, or has more alerts than listed', () => {
    const critical = fullFacts();
    if (!critical.condition) throw new Error('no condition');
    critical.condition.current = 'Critical';
    expect(conditionBoxLines(critical).slice(0, 2)).toEqual([
      'Condition: Critical',
      'Health score: 60 (90 Good, 75 Fair, 60 Poor or Critical)',
    ]);
    expect(conditionBoxLines(emptyFacts())).toEqual([
      'Condition: Not assessed',
      'Health score: – (90 Good, 75 Fair, 60 Poor or Critical)',
      'Active alerts: 0 (raised and not acknowledged when the report was generated)',
    ]);
    expect(conditionBoxLines({ ...fullFacts(), alertsLeftOut: 3 })[2]).toMatch(
      /^Active alerts: at least 1 /,
    );
  });

  // Every extra alert moves the later sections by about 50 points, so the sweep puts each
  // heading near the foot of a page at least once.
  it.each(Array.from({ length: 16 }, (_, extra) => extra))(
    'never ends a page with a heading, and keeps each chart with its heading (%i extra alerts)',
    async (extra) => {
      const pages = await pagesOf(withAlerts(extra));
      for (const [index, lines] of pages.entries()) {
        expect(isHeading(lines.at(-1) ?? ''), `page ${index + 1} ends "${lines.at(-1)}"`).toBe(
          false,
        );
      }
      for (const [heading, figure] of [
        ['Data availability', 'Figure 1:'],
        ['Natural frequency', 'Figure 2:'],
        // Figures 3 and 4 are the modes' daily trend, further down their section than its heading.
        ['Fatigue', 'Figure 5:'],
      ] as const) {
        const headingPage = pageOf(pages, (line) => line === heading);
        expect(headingPage).toBeGreaterThanOrEqual(0);
        expect(
          pageOf(pages, (line) => line.startsWith(figure)),
          heading,
        ).toBe(headingPage);
      }
    },
  );
});
