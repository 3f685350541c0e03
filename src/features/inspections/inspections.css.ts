import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});

export const cell = style({
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});

const chip = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});

// Overdue reads as the alert colour, due soon as a warning, scheduled as plain text.
export const status = styleVariants({
  overdue: [chip, { background: vars.color.danger, color: vars.color.onBrand }],
  due: [chip, { background: vars.color.accent, color: vars.color.onAccent }],
  scheduled: [chip, { background: vars.color.surfaceRaised, color: vars.color.text }],
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const note = style({ color: vars.color.textMuted, margin: 0 });

export const ratingRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: vars.space.sm,
});
