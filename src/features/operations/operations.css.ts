import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const inlineForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const code = style({
  margin: 0,
  padding: vars.space.sm,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre',
  background: vars.color.surfaceRaised,
  borderRadius: vars.radius.sm,
});

export const secretRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const muted = style({ color: vars.color.textMuted, margin: 0 });
