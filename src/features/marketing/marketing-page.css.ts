import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const hero = style({
  paddingBlock: vars.space.xxl,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  '@media': {
    [breakpoints.tablet]: { paddingBlock: vars.space.xxxl },
  },
});

export const eyebrow = style({
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  fontSize: vars.fontSize.sm,
  marginBlockEnd: vars.space.xs,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  maxWidth: '40rem',
});

export const lead = style({
  marginBlockStart: vars.space.md,
  fontSize: vars.fontSize.lg,
  maxWidth: '46rem',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
  paddingBlock: vars.space.xxl,
});
