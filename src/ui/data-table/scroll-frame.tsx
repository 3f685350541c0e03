import { type ReactNode, useRef } from 'react';
import * as styles from './data-table.css';
import { useScrollsSideways } from './use-scrolls-sideways';

/**
 * The frame a table scrolls sideways in when it is wider than the page. Only while it does, the
 * frame is a named region with a tab stop, so a keyboard can reach it and scroll (axe's
 * scrollable-region-focusable); a table that fits adds no stop.
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  return (
    <div
      ref={ref}
      className={styles.scroller}
      {...(scrolls
        ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` }
        : {})}
    >
      {children}
    </div>
  );
}
