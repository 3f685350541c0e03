import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.pill,
  border: `4px solid ${vars.color.surfaceRaised}`,
  borderTopColor: vars.color.brand,
  animation: `${spin} 0.8s linear infinite`,
});

export const pageCentre = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
  padding: vars.space.xl,
});
