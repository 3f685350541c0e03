import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The checkbox that marks an accelerometer as on a stay or hanger spans the group's width.
export const toggle = style({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const box = style({ width: '1.25rem', height: '1.25rem', flex: '0 0 auto', margin: 0 });

// A refusal of the cable as a whole (not of one figure), under the group's title.
export const refusal = style({ gridColumn: '1 / -1', color: vars.color.danger, margin: 0 });
