import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import * as styles from './site-header.css';
import type { TopicLinkTarget } from './topics';

interface NavDropdownProps {
  id: string;
  label: string;
  items: readonly TopicLinkTarget[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a link in the menu is followed, so the header can close its mobile menu. */
  onNavigate: () => void;
}

type FocusRequest = 'first' | 'last' | null;

/**
 * A disclosure menu (WAI-ARIA APG "disclosure navigation"): a button with aria-expanded that
 * shows a list of links. Arrow keys move between the links, Escape closes and returns focus to
 * the button, and the menu closes when the pointer or the focus leaves it.
 */
export function NavDropdown({
  id,
  label,
  items,
  open,
  onOpenChange,
  onNavigate,
}: NavDropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusRequest = useRef<FocusRequest>(null);
  const menuId = `${id}-menu`;

  useEffect(() => {
    if (!open || !focusRequest.current) return;
    const links = listRef.current?.querySelectorAll('a');
    const target = focusRequest.current === 'first' ? links?.[0] : links?.[links.length - 1];
    focusRequest.current = null;
    target?.focus();
  }, [open]);

  const openAndFocus = (which: Exclude<FocusRequest, null>) => {
    focusRequest.current = which;
    if (open) {
      const links = listRef.current?.querySelectorAll('a');
      (which === 'first' ? links?.[0] : links?.[links.length - 1])?.focus();
      focusRequest.current = null;
    } else {
      onOpenChange(true);
    }
  };

  const closeToButton = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const moveTo = (next: number) => {
      event.preventDefault();
      links[(next + links.length) % links.length]?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(links.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    }
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget;
    if (open && !(next instanceof Node && event.currentTarget.contains(next))) {
      onOpenChange(false);
    }
  };

  return (
    <li
      className={styles.dropdown}
      onMouseLeave={() => open && onOpenChange(false)}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul
        ref={listRef}
        id={menuId}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onListKeyDown}
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.menuLink}
              onClick={() => {
                onOpenChange(false);
                onNavigate();
              }}
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
