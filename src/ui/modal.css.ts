import { globalStyle, style } from '@vanilla-extract/css';
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
  '@media': { [breakpoints.phone]: { padding: 0, alignItems: 'stretch' } },
});

export const dialog = style({
  width: '100%',
  // As a flex item the dialog would otherwise grow to its widest content, past a phone's edge.
  minWidth: 0,
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
  '@media': {
    [breakpoints.tablet]: { padding: vars.space.xl },
    // A phone gets a full-screen sheet: the whole width for the fields, the title at the top and
    // the buttons (Save) pinned to the bottom edge, the content scrolling between them.
    [breakpoints.phone]: {
      maxWidth: 'none',
      height: '100dvh',
      maxHeight: '100dvh',
      borderRadius: 0,
      padding: vars.space.md,
    },
  },
  ':focus': { outline: 'none' },
});

export const wide = style({
  maxWidth: '48rem',
  '@media': { [breakpoints.phone]: { maxWidth: 'none' } },
});

export const title = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  // A long word or a wide control wraps or shrinks instead of widening the dialog past the screen.
  minWidth: 0,
  overflowWrap: 'anywhere',
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
  // On a phone the buttons share the row, each a full-height touch target.
  '@media': { [breakpoints.phone]: { flexWrap: 'nowrap' } },
});

globalStyle(`${actions} > *`, {
  '@media': { [breakpoints.phone]: { flex: '1 1 0', minHeight: '2.75rem' } },
});
