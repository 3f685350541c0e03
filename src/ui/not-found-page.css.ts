import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const page = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '70vh',
  padding: vars.space.xl,
  textAlign: 'center',
});

export const code = style({
  fontSize: '4rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  color: vars.color.brand,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  marginBlock: vars.space.sm,
});

export const text = style({
  color: vars.color.textMuted,
  marginBlockEnd: vars.space.lg,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
});
