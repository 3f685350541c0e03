import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const condition = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  whiteSpace: 'nowrap',
});

const dotBase = style({
  width: '0.75rem',
  height: '0.75rem',
  flex: '0 0 auto',
  borderRadius: '50%',
  border: '1px solid rgba(0, 0, 0, 0.35)',
});

// Spec §4 colour classes; unassessed bridges a neutral slate, never a healthy green.
export const dot = styleVariants({
  Good: [dotBase, { background: vars.condition.good }],
  Fair: [dotBase, { background: vars.condition.fair }],
  Poor: [dotBase, { background: vars.condition.poor }],
  Critical: [dotBase, { background: vars.condition.critical }],
  'Not assessed': [dotBase, { background: '#5b6573' }],
});

// A 44 px tall target on touch screens without stretching the row on desktop.
export const nameLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  fontWeight: vars.fontWeight.medium,
});
