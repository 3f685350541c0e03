import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../styles/theme.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1500,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: 'rgba(7, 39, 57, 0.55)',
});

export const dialog = style({
  width: '100%',
  maxWidth: '32rem',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: vars.space.lg,
  '@media': { [breakpoints.tablet]: { padding: vars.space.xl } },
  ':focus': { outline: 'none' },
});

export const wide = style({ maxWidth: '48rem' });

export const title = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
