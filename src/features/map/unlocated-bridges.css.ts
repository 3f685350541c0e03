import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

// Over the map's top edge, clear of the Menu button (phone) and of the zoom control and
// legend at the bottom.
export const panel = style({
  position: 'absolute',
  top: vars.space.sm,
  left: '6.5rem',
  right: vars.space.sm,
  zIndex: 1000,
  maxWidth: '22rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  '@media': { [breakpoints.tablet]: { left: vars.space.sm } },
});

export const text = style({ fontWeight: vars.fontWeight.medium });

export const names = style({
  margin: `${vars.space.xxs} 0 0`,
  paddingInlineStart: vars.space.md,
  color: vars.color.textMuted,
});
