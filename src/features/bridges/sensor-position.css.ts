import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The optional position sits in the create form as a group of its own, parted by a rule.
export const group = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
  minWidth: 0,
  margin: 0,
  padding: 0,
  paddingBlockStart: vars.space.sm,
  border: 'none',
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const legend = style({ fontWeight: vars.fontWeight.bold, padding: 0 });

// Under the span's name in the Sensors tab: where on the span the sensor sits.
export const position = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
