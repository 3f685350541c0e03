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
