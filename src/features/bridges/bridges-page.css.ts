import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  borderBottom: `2px solid ${vars.color.border}`,
});

export const tab = style({
  minHeight: '2.75rem',
  paddingInline: vars.space.md,
  border: 0,
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  background: 'none',
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
  },
});

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});

export const modeSwitch = style({
  display: 'flex',
  gap: vars.space.lg,
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
});

export const conflict = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSurface,
  color: vars.color.danger,
});

export const currentStream = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
});

export const currentStreamTitle = style({ fontWeight: vars.fontWeight.bold });

/** The fleet's expected false alarms above the bridge list: a quiet fact, not a warning. */
export const fleetNote = style({
  margin: 0,
  marginBlockEnd: vars.space.sm,
  color: vars.color.textMuted,
});

/** A field's explanation under it, as quiet as the fleet note. */
export const fieldNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** A twin pair in disagreement in the data streams table: the dashboard's warning colour. */
export const twinWarning = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });

export const twinList = style({ listStyle: 'none', margin: 0, padding: 0 });
