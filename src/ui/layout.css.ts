import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../styles/theme.css';

export const container = style({
  width: '100%',
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': {
    [breakpoints.tablet]: { paddingInline: vars.space.xl },
  },
});

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

/** Hidden from sight but still read by screen readers; also for use inside a media query. */
export const hiddenFromSight = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const visuallyHidden = style(hiddenFromSight);
