import { createGlobalTheme } from '@vanilla-extract/css';

// Colour pairs are chosen so text on its background meets WCAG AA (4.5:1) at body size.
// Condition colours follow the health table of spec §4: Good green, Fair yellow, Poor orange,
// Critical red; each has an `on` colour for text drawn on top of it.
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b3a53',
    brandStrong: '#072739',
    onBrand: '#ffffff',
    accent: '#f5b83d',
    onAccent: '#1a2330',
    text: '#1a2330',
    textMuted: '#4a5565',
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceRaised: '#eef2f6',
    border: '#c9d1db',
    link: '#0b5c85',
    focus: '#1d6fd8',
    danger: '#b42318',
    dangerSurface: '#fdecea',
    success: '#1e7b34',
    successSurface: '#e8f5ec',
  },
  condition: {
    good: '#1e7b34',
    onGood: '#ffffff',
    fair: '#f2c230',
    onFair: '#1a2330',
    poor: '#e0701b',
    onPoor: '#1a2330',
    critical: '#c62828',
    onCritical: '#ffffff',
  },
  space: {
    none: '0',
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    xxxl: '4.5rem',
  },
  radius: {
    sm: '4px',
    md: '8px',
    lg: '14px',
    pill: '999px',
  },
  font: {
    // System fonts only: nothing to download, and every platform renders its own best face.
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.75rem',
    xxl: 'clamp(2rem, 1.4rem + 2.4vw, 3rem)',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    body: '1.6',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 16px rgba(16, 24, 40, 0.12)',
  },
  layout: {
    contentWidth: '72rem',
    formWidth: '26rem',
  },
});

// Viewport widths for @media queries; CSS variables cannot be used inside media conditions.
export const breakpoints = {
  tablet: 'screen and (min-width: 48em)',
  desktop: 'screen and (min-width: 64em)',
  /**
   * Below 40em (640 px) a table's row no longer fits across the screen and a dialog takes the
   * whole screen (decision 038).
   */
  phone: 'screen and (max-width: 39.99em)',
} as const;
