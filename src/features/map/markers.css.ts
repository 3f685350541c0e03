import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Class names handed to Leaflet's divIcon (it replaces its own 'leaflet-div-icon' look).
const focusRing = {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
};

export const bridgeMarker = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: 'none',
  border: 'none',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  ':focus-visible': focusRing,
});

export const clusterMarker = style({
  background: 'none',
  border: 'none',
  borderRadius: '50%',
  cursor: 'pointer',
  ':focus-visible': focusRing,
});

export const clusterDisc = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  boxSizing: 'border-box',
  borderRadius: '50%',
  border: '3px solid #ffffff',
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  fontFamily: vars.font.body,
});

export const pin = style({ display: 'block', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.35))' });
