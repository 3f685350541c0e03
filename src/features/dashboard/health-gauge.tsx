import { type Condition, type GaugeColour, colourClass } from '../../../domain/health';
import { vars } from '../../styles/theme.css';

const COLOURS: Record<GaugeColour, string> = {
  green: vars.condition.good,
  orange: vars.condition.poor,
  red: vars.condition.critical,
};

// A half ring from 0 (left) to 100 (right).
const CX = 100;
const CY = 100;
const R = 80;

function pointAt(fraction: number): { x: number; y: number } {
  const angle = Math.PI * (1 - fraction);
  return { x: CX + R * Math.cos(angle), y: CY - R * Math.sin(angle) };
}

function arc(fraction: number): string {
  const start = pointAt(0);
  const end = pointAt(fraction);
  return `M${start.x},${start.y} A${R},${R} 0 0 1 ${end.x.toFixed(2)},${end.y.toFixed(2)}`;
}

// The word in the text colour: the condition's own yellow or orange is too faint on white.
const WORD_COLOURS = {
  green: vars.color.text,
  yellow: vars.color.text,
  orange: vars.color.text,
  red: vars.condition.critical,
} as const;

interface HealthGaugeProps {
  value: number;
  colour: GaugeColour;
  /** Said under the number: Poor and Critical share 60 in the spec's table (issue 36). */
  condition: Condition;
}

/** Spec §4 gauge (90, 75 or 60) as an SVG half ring, named for screen readers. */
export function HealthGauge({ value, colour, condition }: HealthGaugeProps) {
  return (
    <svg
      viewBox="0 0 200 140"
      width="100%"
      style={{ maxWidth: '16rem', alignSelf: 'center' }}
      role="img"
      data-colour={colour}
      aria-label={`Health score ${value} out of 100: ${condition} (${colour})`}
    >
      <path d={arc(1)} fill="none" stroke={vars.color.surfaceRaised} strokeWidth="18" />
      <path d={arc(value / 100)} fill="none" stroke={COLOURS[colour]} strokeWidth="18" />
      <text
        x={CX}
        y={CY - 8}
        textAnchor="middle"
        fontSize="36"
        fontWeight="700"
        fill={vars.color.text}
      >
        {value}
      </text>
      <text x={CX} y={CY + 14} textAnchor="middle" fontSize="12" fill={vars.color.textMuted}>
        out of 100
      </text>
      <text
        x={CX}
        y={CY + 36}
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill={WORD_COLOURS[colourClass(condition)]}
      >
        {condition}
      </text>
    </svg>
  );
}
