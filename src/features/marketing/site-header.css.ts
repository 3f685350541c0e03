import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

// The header starts in the brand colour, continuous with the page banners, and turns white with
// a shadow once the page scrolls (spec §2). Both pairs keep text above 4.5:1.
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  transition: 'background-color 200ms ease, color 200ms ease, box-shadow 200ms ease',
  selectors: {
    '&[data-scrolled="true"]': {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.md,
    },
  },
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '4rem',
});

export const homeLink = style({
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});

export const hamburger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: '2px solid currentColor',
  borderRadius: vars.radius.md,
  background: 'transparent',
  '@media': { [breakpoints.desktop]: { display: 'none' } },
});

export const hamburgerIcon = style({ width: '1.5rem', height: '1.5rem' });

// Small screens: the list is a panel under the header bar, shown by the hamburger.
export const nav = style({
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  maxHeight: 'calc(100vh - 4rem)',
  overflowY: 'auto',
  backgroundColor: vars.color.brandStrong,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.md,
  selectors: { '&[data-open="false"]': { display: 'none' } },
  '@media': {
    [breakpoints.desktop]: {
      position: 'static',
      maxHeight: 'none',
      overflowY: 'visible',
      backgroundColor: 'transparent',
      color: 'inherit',
      boxShadow: 'none',
      selectors: { '&[data-open="false"]': { display: 'block' } },
    },
  },
});

export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  listStyle: 'none',
  padding: vars.space.sm,
  '@media': {
    [breakpoints.desktop]: {
      flexDirection: 'row',
      alignItems: 'center',
      gap: vars.space.xxs,
      padding: 0,
    },
  },
});

const navItemBase = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
} as const;

export const navLink = style({
  ...navItemBase,
  selectors: {
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.3em' },
    '&[aria-current="page"]': { boxShadow: `inset 0 -3px 0 ${vars.color.accent}` },
  },
});

export const navButton = style({
  ...navItemBase,
  selectors: { '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.3em' } },
});

export const chevron = style({
  width: '0.75rem',
  height: '0.75rem',
  transition: 'transform 150ms ease',
  selectors: { [`${navButton}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

export const loginLink = style({
  ...navItemBase,
  justifyContent: 'center',
  marginBlockStart: vars.space.xs,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  '@media': { [breakpoints.desktop]: { marginBlockStart: 0, marginInlineStart: vars.space.xs } },
});

export const dropdown = style({
  position: 'relative',
});

export const menu = style({
  listStyle: 'none',
  padding: `0 0 ${vars.space.xs} ${vars.space.md}`,
  '@media': {
    [breakpoints.desktop]: {
      position: 'absolute',
      top: '100%',
      insetInlineStart: 0,
      minWidth: '19rem',
      padding: vars.space.xs,
      borderRadius: vars.radius.md,
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      border: `1px solid ${vars.color.border}`,
      boxShadow: vars.shadow.md,
    },
  },
});

export const menuLink = style({
  ...navItemBase,
  whiteSpace: 'normal',
  selectors: {
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.3em' },
    '&[aria-current="page"]': { boxShadow: `inset 3px 0 0 ${vars.color.accent}` },
  },
  '@media': {
    [breakpoints.desktop]: {
      selectors: { '&:hover': { backgroundColor: vars.color.surfaceRaised } },
    },
  },
});
