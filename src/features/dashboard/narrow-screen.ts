import { breakpoints } from '../../styles/theme.css';

/** Below the tablet breakpoint: a phone, where the dashboard shows its compact variants. */
export const NARROW_SCREEN = `not ${breakpoints.tablet}`;
