import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The month field and its button on one line, the button level with the field's input. */
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
