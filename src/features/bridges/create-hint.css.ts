import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const hint = style({
  alignSelf: 'center',
  color: vars.color.textMuted,
});
