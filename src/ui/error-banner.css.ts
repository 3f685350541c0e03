import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const alert = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSurface,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
