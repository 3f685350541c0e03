import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The Fatigue card keeps its own styles, so the dashboard's layout can change around it.
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  gridColumn: '1 / -1',
  minWidth: 0,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const detail = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const detailTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.medium,
});

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const chart = style({ width: '100%', height: 'auto', maxHeight: '12rem' });

export const scale = style({ width: '100%', height: 'auto', maxHeight: '3rem' });

export const rateFigure = style({ margin: 0, display: 'flex', flexDirection: 'column' });

/** The rate check's warning: the counted damage is known to fall short (decision 045). */
export const rateWarning = style({
  margin: 0,
  padding: vars.space.xs,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  borderRadius: vars.radius.sm,
});

export const basis = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm });
