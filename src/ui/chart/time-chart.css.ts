import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const figure = style({ margin: 0, position: 'relative' });

export const caption = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginBottom: vars.space.xxs,
});

// The value axis's title, above the plot at its left.
export const yTitle = style({
  margin: `0 0 ${vars.space.xxs}`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.3,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const plot = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  cursor: 'crosshair',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const svg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });

export const axisText = style({ fontSize: '11px', fill: vars.color.textMuted });

export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });

export const cursor = style({ stroke: vars.color.text, strokeWidth: 1, strokeDasharray: '3 3' });

export const tooltip = style({
  position: 'absolute',
  top: vars.space.lg,
  maxWidth: '16rem',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  background: vars.color.text,
  color: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  pointerEvents: 'none',
  whiteSpace: 'pre-line',
  zIndex: 1,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.xxs} 0 0`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const legendKey = style({
  display: 'inline-block',
  width: '1rem',
  height: '0.5rem',
  marginInlineEnd: vars.space.xxs,
  verticalAlign: 'middle',
});
