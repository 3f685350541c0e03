import { createVar, fallbackVar } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * The focus ring's colour. The default blue reaches 3:1 on the light surfaces but only about
 * 2.5:1 on the brand blue, so dark regions (the signed-in top bar) set this to the accent.
 */
export const focusRingColour = createVar();

export const focusRing = fallbackVar(focusRingColour, vars.color.focus);
