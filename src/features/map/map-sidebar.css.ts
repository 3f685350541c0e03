import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Spec §9: the drawer is 240 px wide.
export const SIDEBAR_WIDTH = '240px';
// Below the theme's tablet width the drawer becomes temporary. Written desktop-first so a
// renderer without media queries (the jsdom tests) gets the permanent drawer.
const small = 'screen and (max-width: 47.99em)';
const reducedMotion = '(prefers-reduced-motion: reduce)';

const base = style({
  width: SIDEBAR_WIDTH,
  flex: `0 0 ${SIDEBAR_WIDTH}`,
  boxSizing: 'border-box',
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.md,
  overflowY: 'auto',
  '@media': {
    [small]: {
      position: 'absolute',
      insetBlock: 0,
      left: 0,
      // Above Leaflet's panes and controls (which stop at 1000).
      zIndex: 1100,
      boxShadow: vars.shadow.md,
    },
  },
});

// Visibility flips at once on opening (so focus can move in) and only after the slide on
// closing; hidden, the closed drawer's entries leave the tab order.
export const sidebar = style([
  base,
  {
    '@media': {
      [small]: {
        transform: 'translateX(-100%)',
        visibility: 'hidden',
        transition: 'transform 200ms ease-in, visibility 0s linear 200ms',
      },
      [reducedMotion]: { transition: 'none' },
    },
  },
]);

export const sidebarOpen = style([
  base,
  {
    '@media': {
      [small]: { transform: 'none', transition: 'transform 200ms ease-out, visibility 0s' },
      [reducedMotion]: { transition: 'none' },
    },
  },
]);

export const backdrop = style({
  display: 'none',
  '@media': {
    [small]: {
      display: 'block',
      position: 'absolute',
      inset: 0,
      zIndex: 1050,
      background: 'rgba(16, 24, 40, 0.45)',
    },
  },
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const entry = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  ':hover': { background: vars.color.surfaceRaised },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.surfaceRaised,
      boxShadow: `inset 4px 0 0 ${vars.color.brand}`,
    },
  },
});

export const settingsItem = style({ padding: `${vars.space.sm} ${vars.space.lg}` });

// The Settings entry is another feature's button; it fills the drawer's width like the links.
globalStyle(`${settingsItem} > button`, { width: '100%' });
