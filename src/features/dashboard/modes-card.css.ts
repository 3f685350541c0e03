import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const shapes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: vars.space.sm,
});

export const shape = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 });

export const shapeDrawing = style({ width: '100%', height: 'auto', maxHeight: '7rem' });

export const strip = style({ width: '100%', height: 'auto', maxHeight: '4.5rem' });

export const caption = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });

export const table = style({ borderCollapse: 'collapse', width: '100%' });

export const cell = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  whiteSpace: 'nowrap',
});

export const lost = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });
