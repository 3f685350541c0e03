import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Where the top bar keeps to its Menu button (app-shell.css.ts): the bell sits beside it, too
// near the left for a panel hung from its own right edge.
const narrow = 'screen and (max-width: 47.99em)';

// On a narrow screen the panel hangs from the whole bar instead (the bar is its positioned
// ancestor), so it spans the screen rather than running off its left edge.
export const wrapper = style({
  position: 'relative',
  '@media': { [narrow]: { position: 'static' } },
});

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // The touch size of the other top-bar buttons.
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.onBrand,
  cursor: 'pointer',
  ':hover': { backgroundColor: vars.color.brandStrong },
});

export const badge = style({
  position: 'absolute',
  top: '0.2rem',
  right: '0.1rem',
  minWidth: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: '0.75rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.25rem',
  textAlign: 'center',
});

export const panel = style({
  position: 'absolute',
  top: 'calc(100% + 0.25rem)',
  right: 0,
  zIndex: 1300,
  width: 'min(24rem, calc(100vw - 1rem))',
  maxHeight: 'min(32rem, calc(100vh - 5rem))',
  overflowY: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  '@media': {
    [narrow]: { left: vars.space.xs, right: vars.space.xs, width: 'auto' },
  },
});

export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  marginBottom: vars.space.xs,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingBlock: vars.space.xs,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const unread = style({
  borderLeft: `4px solid ${vars.color.accent}`,
  paddingLeft: vars.space.xs,
});

export const itemActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const muted = style({ color: vars.color.textMuted });

export const onCall = style({
  margin: 0,
  marginBottom: vars.space.xs,
  paddingInlineStart: 0,
  listStyle: 'none',
  fontWeight: vars.fontWeight.bold,
});
