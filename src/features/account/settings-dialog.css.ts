import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({
  fontWeight: vars.fontWeight.bold,
});

export const value = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

// The destructive buttons; the pseudo-class outweighs the shared button's own colours.
export const danger = style({
  selectors: {
    '&:not(:disabled)': {
      backgroundColor: vars.color.danger,
      borderColor: vars.color.danger,
      color: vars.color.onBrand,
    },
    '&:hover:not(:disabled)': { backgroundColor: '#8f1c13', borderColor: '#8f1c13' },
  },
});
