import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingColour } from '../styles/focus.css';
import { hiddenFromSight } from './layout.css';
import { breakpoints, vars } from '../styles/theme.css';

// Desktop-first so a renderer without media queries (the jsdom tests) shows every control.
const phone = 'screen and (max-width: 47.99em)';

export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
});

export const skipLink = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: 3000,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.link,
  fontWeight: vars.fontWeight.bold,
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

// Staff carry six entries, the name, Settings, Logout and the bell: at 1440 px they must share
// one row (tests/e2e/navigation.spec.ts), so the bar's gaps and sides are the compact ones.
export const topBar = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.md,
  // The default blue ring is about 2.5:1 on this blue; the accent is well over 3:1.
  vars: { [focusRingColour]: vars.color.accent },
  '@media': {
    [breakpoints.tablet]: { paddingInline: vars.space.lg },
  },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  '@media': { [phone]: { fontSize: vars.fontSize.md } },
});

// After the account controls on wider screens; on a phone beside the Menu button, never hidden.
export const bellSlot = style({
  order: 1,
  '@media': { [phone]: { order: 0, marginLeft: 'auto' } },
});

export const menuToggle = style({
  display: 'none',
  '@media': { [phone]: { display: 'inline-flex', paddingInline: vars.space.md } },
});

const panelBase = style({
  display: 'flex',
  flex: 1,
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

// Closed on a phone: hidden until the Menu button opens it under the bar.
export const menuPanel = style([panelBase, { '@media': { [phone]: { display: 'none' } } }]);

export const menuPanelOpen = style([
  panelBase,
  {
    '@media': {
      [phone]: {
        position: 'absolute',
        top: '100%',
        insetInline: 0,
        zIndex: 1200,
        flexDirection: 'column',
        alignItems: 'stretch',
        padding: vars.space.md,
        backgroundColor: vars.color.brand,
        boxShadow: vars.shadow.md,
      },
    },
  },
]);

export const accountOnly = style([panelBase, { justifyContent: 'flex-end' }]);

// The links' own padding parts them; a gap on top would cost the bar its room.
export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 0,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [phone]: { flexDirection: 'column' } },
});

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  // Staff carry six entries: at 1440 px the bar must still hold them and the account on one row.
  paddingInline: vars.space.xs,
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.md,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  ':hover': { backgroundColor: vars.color.brandStrong },
  selectors: {
    '&[aria-current="page"]': {
      textDecoration: 'underline',
      textDecorationThickness: '2px',
      textUnderlineOffset: '0.35em',
    },
  },
});

export const account = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

// A long name is cut short with an ellipsis rather than pushing the bar onto a second row; the
// whole name stays in the text, so a screen reader hears it.
export const signedIn = style({
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
});

// Staff's seven entries, the name, Settings, Logout and the bell fill 1440 px: below 100em the
// words 'Signed in as' are left to screen readers and the name alone is shown (the bar went to a
// second row when Notifications joined it).
export const signedInWords = style({
  '@media': { 'screen and (max-width: 99.99em)': hiddenFromSight },
});

// Compact account buttons: the touch height stays, the sides give the row its room.
globalStyle(`${account} button`, { paddingInline: vars.space.xs });

// Beside the map's own sidebar only Logout shares the bar: the name waits for wider screens.
export const signedInWide = style({ '@media': { [phone]: { display: 'none' } } });

export const main = style({
  flex: 1,
  paddingBlock: vars.space.xl,
  ':focus': { outline: 'none' },
  '@media': { [phone]: { paddingBlock: vars.space.md } },
});

// Headings take focus on navigation only to start reading there; they are not controls.
globalStyle(`${main} h1[tabindex="-1"]:focus`, { outline: 'none' });
