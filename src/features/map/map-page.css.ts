import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { main as appShellMain } from '../../ui/app-shell.css';

export const page = style({
  position: 'relative',
  display: 'flex',
  flex: 1,
  minHeight: '24rem',
});

// The map fills the screen under the app's top bar: the shell's content area drops its padding
// and stretches its one child. Scoped with :has so the other signed-in screens keep theirs.
globalStyle(`${appShellMain}:has(> ${page})`, {
  display: 'flex',
  flexDirection: 'column',
  paddingBlock: 0,
});

export const mapArea = style({ position: 'relative', flex: 1, minWidth: 0 });

export const map = style({ position: 'absolute', inset: 0, zIndex: 0 });

// Leaflet draws its zoom buttons 30 px square; 44 px makes them a comfortable touch target.
// Three classes outweigh Leaflet's own two (`.leaflet-touch .leaflet-bar a`) whichever sheet
// loads last: this one comes with the route's loading view, before Leaflet's.
globalStyle(`${map} .leaflet-control-zoom.leaflet-bar a`, {
  width: '44px',
  height: '44px',
  lineHeight: '44px',
  fontSize: '22px',
});

// Leaflet's popup close button is a 24 px "×" in the corner; on a phone it is tapped, so it is a
// 44 × 44 px target like the zoom buttons (issue 36), and the content keeps clear of it.
globalStyle(`${map} .leaflet-popup a.leaflet-popup-close-button`, {
  width: '44px',
  height: '44px',
  font: '24px/44px sans-serif',
  color: vars.color.text,
});

globalStyle(`${map} .leaflet-popup .leaflet-popup-content`, { marginRight: '44px' });

// Without tiles the map is a plain surface, not Leaflet's grey of a map still loading; the note
// is there exactly when the tiles failed, so its presence switches the background.
export const tilesNote = style({
  position: 'absolute',
  // Below the phone's Menu button; the toasts keep the top right corner.
  top: `calc(${vars.space.sm} + 44px + ${vars.space.xs})`,
  left: vars.space.sm,
  zIndex: 1000,
  maxWidth: 'min(22rem, calc(100% - 2 * 0.75rem))',
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  '@media': { [breakpoints.tablet]: { top: vars.space.sm } },
});

globalStyle(`${mapArea}:has(> ${tilesNote}) .leaflet-container`, {
  background: vars.color.surfaceRaised,
});

export const status = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  background: vars.color.background,
});

export const menuButton = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1000,
  '@media': { [breakpoints.tablet]: { display: 'none' } },
});

export const legend = style({
  position: 'absolute',
  left: vars.space.sm,
  bottom: vars.space.lg,
  zIndex: 1000,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
});

export const legendTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const legendList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const legendItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const legendSwatch = style({
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '50%',
  border: '1px solid rgba(0, 0, 0, 0.25)',
});

export const popup = style({ minWidth: '12rem', fontFamily: vars.font.body });

export const popupTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const popupFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  margin: `${vars.space.xs} 0`,
});

globalStyle(`${popupFacts} dt`, { fontWeight: vars.fontWeight.bold });
globalStyle(`${popupFacts} dd`, { margin: 0 });

// The popup's one action: on a phone it is tapped, so it is a 44 × 44 px target at least
// (WCAG 2.5.5), not a line of text (issue 36).
export const popupLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: '44px',
  minHeight: '44px',
  marginTop: vars.space.xs,
  paddingInline: vars.space.md,
  color: vars.color.link,
  fontWeight: vars.fontWeight.medium,
  border: `1px solid ${vars.color.link}`,
  borderRadius: vars.radius.md,
});
