import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const map = style({
  height: '16rem',
  width: '100%',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  // Keeps Leaflet's own panes under the modal's buttons and toasts.
  zIndex: 0,
});

export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
