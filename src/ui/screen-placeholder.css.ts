import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
});

export const title = style({
  fontSize: vars.fontSize.xl,
});

export const text = style({
  color: vars.color.textMuted,
  maxWidth: '44rem',
});
