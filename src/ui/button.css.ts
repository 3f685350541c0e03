import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  // 44px keeps every button an easy touch target.
  minHeight: '2.75rem',
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  border: '2px solid transparent',
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  selectors: {
    '&:disabled': { opacity: 0.65 },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      backgroundColor: vars.color.brand,
      color: vars.color.onBrand,
      selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.brandStrong } },
    },
  ],
  secondary: [
    base,
    {
      backgroundColor: vars.color.surface,
      color: vars.color.brand,
      borderColor: vars.color.brand,
      selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceRaised } },
    },
  ],
  // A rarely needed act beside the main ones: text weight, still a 44 px target.
  quiet: [
    base,
    {
      backgroundColor: 'transparent',
      color: vars.color.link,
      fontWeight: vars.fontWeight.regular,
      textDecoration: 'underline',
      paddingInline: vars.space.sm,
      selectors: { '&:hover:not(:disabled)': { textDecoration: 'none' } },
    },
  ],
  onBrand: [
    base,
    {
      backgroundColor: 'transparent',
      color: vars.color.onBrand,
      borderColor: vars.color.onBrand,
      selectors: {
        '&:hover:not(:disabled)': { backgroundColor: vars.color.onBrand, color: vars.color.brand },
        '&:focus-visible': { outlineColor: vars.color.accent },
      },
    },
  ],
});

export const fullWidth = style({ width: '100%' });
