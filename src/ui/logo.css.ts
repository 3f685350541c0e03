import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.01em',
  color: 'inherit',
});

export const mark = style({
  width: '2rem',
  height: '2rem',
  flexShrink: 0,
});
