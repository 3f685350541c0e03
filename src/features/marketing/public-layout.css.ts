import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const layout = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.md,
  insetBlockStart: '-4rem',
  zIndex: 10,
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

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  backgroundColor: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const headerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
});

export const homeLink = style({
  color: vars.color.brand,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});

export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  listStyle: 'none',
  padding: 0,
  '@media': {
    [breakpoints.tablet]: { gap: vars.space.xs },
  },
});

export const navLink = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised },
    '&[aria-current="page"]': {
      color: vars.color.brand,
      boxShadow: `inset 0 -3px 0 ${vars.color.accent}`,
    },
  },
});

export const footer = style({
  paddingBlock: vars.space.xl,
  backgroundColor: vars.color.brandStrong,
  color: vars.color.onBrand,
});

export const footerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const footerText = style({
  fontSize: vars.fontSize.sm,
});
