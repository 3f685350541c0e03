import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../styles/theme.css';

export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
});

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.md,
  '@media': {
    [breakpoints.tablet]: { paddingInline: vars.space.xl },
  },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const account = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const main = style({
  flex: 1,
  paddingBlock: vars.space.xl,
});
