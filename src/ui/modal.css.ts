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
  maxHeight: 'calc(100dvh - 2rem)',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
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

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  // Room for the focus rings of the fields at the edges of the scrolled area.
  padding: '4px',
  margin: '-4px',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  marginTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});
