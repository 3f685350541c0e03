import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});

export const heading = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

// Calibration register (issue 20): a due calibration warns, an overdue one alarms.
const badge = style({
  display: 'inline-block',
  marginInlineStart: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
export const due = style([
  badge,
  { color: vars.condition.onFair, background: vars.condition.fair },
]);
export const overdue = style([
  badge,
  { color: vars.color.danger, background: vars.color.dangerSurface },
]);
