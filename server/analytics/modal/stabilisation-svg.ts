import type { IdentifiedMode } from './identify-modes.ts';
import type { RatedPole } from './stabilisation.ts';

const WIDTH = 900;
const HEIGHT = 520;
const LEFT = 60;
const RIGHT = 20;
const TOP = 48;
const BOTTOM = 50;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The stabilisation diagram as plain SVG text: frequency on x, model order on y; stable poles
 * filled, poles stable in frequency only open, new poles as small dots; selected modes as
 * dashed vertical lines with their frequency.
 */
export function stabilisationSvg(
  poles: readonly RatedPole[],
  modes: readonly IdentifiedMode[],
  fminHz: number,
  fmaxHz: number,
  title: string,
): string {
  const maxOrder = Math.max(2, ...poles.map((pole) => pole.order));
  const x = (f: number): number =>
    LEFT + ((f - fminHz) / (fmaxHz - fminHz)) * (WIDTH - LEFT - RIGHT);
  const y = (order: number): number =>
    HEIGHT - BOTTOM - (order / maxOrder) * (HEIGHT - TOP - BOTTOM);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${LEFT}" y="18">${escapeXml(title)}</text>`,
    `<line x1="${LEFT}" y1="${HEIGHT - BOTTOM}" x2="${WIDTH - RIGHT}" y2="${HEIGHT - BOTTOM}" stroke="black"/>`,
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${HEIGHT - BOTTOM}" stroke="black"/>`,
    `<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${HEIGHT - 12}" text-anchor="middle">Frequency (Hz)</text>`,
    `<text x="16" y="${(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(TOP + HEIGHT - BOTTOM) / 2})">Model order</text>`,
  ];
  for (let k = 0; k <= 10; k += 1) {
    const f = fminHz + ((fmaxHz - fminHz) * k) / 10;
    parts.push(
      `<text x="${x(f).toFixed(1)}" y="${HEIGHT - BOTTOM + 16}" text-anchor="middle">${Number(f.toPrecision(3))}</text>`,
    );
  }
  for (let k = 0; k <= 4; k += 1) {
    const order = Math.round((maxOrder * k) / 4);
    parts.push(
      `<text x="${LEFT - 6}" y="${(y(order) + 4).toFixed(1)}" text-anchor="end">${order}</text>`,
    );
  }
  modes.forEach((mode, k) => {
    const px = x(mode.frequency_hz).toFixed(1);
    parts.push(
      `<line x1="${px}" y1="${TOP}" x2="${px}" y2="${HEIGHT - BOTTOM}" stroke="#c0392b" stroke-dasharray="4 3"/>`,
      // Alternate label heights so neighbouring modes stay legible.
      `<text x="${px}" y="${TOP - 4 - (k % 2) * 13}" text-anchor="middle" fill="#c0392b">${mode.frequency_hz.toFixed(3)}</text>`,
    );
  });
  for (const pole of poles) {
    if (pole.frequencyHz < fminHz || pole.frequencyHz > fmaxHz) continue;
    const px = x(pole.frequencyHz).toFixed(1);
    const py = y(pole.order).toFixed(1);
    if (pole.stability === 'stable') {
      parts.push(`<circle class="stable" cx="${px}" cy="${py}" r="3" fill="#1f5fa8"/>`);
    } else if (pole.stability === 'frequency') {
      parts.push(
        `<circle class="frequency" cx="${px}" cy="${py}" r="3" fill="none" stroke="#1f5fa8"/>`,
      );
    } else {
      parts.push(`<circle class="new" cx="${px}" cy="${py}" r="1.5" fill="#999"/>`);
    }
  }
  parts.push(
    `<g transform="translate(${WIDTH - 250} ${TOP + 6})">`,
    '<rect width="230" height="56" fill="white" stroke="#ccc"/>',
    '<circle cx="12" cy="14" r="3" fill="#1f5fa8"/><text x="22" y="18">stable (f, damping, MAC)</text>',
    '<circle cx="12" cy="30" r="3" fill="none" stroke="#1f5fa8"/><text x="22" y="34">stable in frequency only</text>',
    '<circle cx="12" cy="46" r="1.5" fill="#999"/><text x="22" y="50">new pole</text>',
    '</g>',
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
