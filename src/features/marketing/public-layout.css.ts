import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const layout = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  // A stray wide element must never make the whole page scroll sideways at 360 px.
  overflowX: 'clip',
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.md,
  insetBlockStart: '-4rem',
  zIndex: 100,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  selectors: { '&:focus': { insetBlockStart: vars.space.md } },
});

export const main = style({
  flex: 1,
  selectors: { '&:focus': { outline: 'none' } },
});
