import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { container } from '../../ui/layout.css';
import { Logo } from '../../ui/logo';
import { ContactLink } from './contact-link';
import { NavDropdown } from './nav-dropdown';
import * as styles from './site-header.css';
import { serviceLinks, solutionLinks } from './topics';
import { useScrolled } from './use-scrolled';

type Menu = 'solutions' | 'services' | null;

const NAV_ID = 'site-nav';

/**
 * The public header of spec §2. The two dropdowns share one piece of state, so opening one
 * closes the other. On small screens the hamburger shows the whole list as a panel.
 */
export function SiteHeader() {
  const [openMenu, setOpenMenu] = useState<Menu>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const scrolled = useScrolled();
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });

  // Any navigation (links, back button) closes whatever was open.
  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [pathname]);

  const closeAll = () => {
    setOpenMenu(null);
    setMobileOpen(false);
  };
  const menuProps = (menu: Exclude<Menu, null>) => ({
    open: openMenu === menu,
    onOpenChange: (open: boolean) =>
      setOpenMenu((current) => (open ? menu : current === menu ? null : current)),
    onNavigate: closeAll,
  });

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={`${container} ${styles.inner}`}>
        <Link to="/" className={styles.homeLink} aria-label="SpanWatch home">
          <Logo />
        </Link>
        <button
          ref={hamburgerRef}
          type="button"
          className={styles.hamburger}
          aria-expanded={mobileOpen}
          aria-controls={NAV_ID}
          aria-label="Menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          <svg className={styles.hamburgerIcon} viewBox="0 0 24 24" aria-hidden="true">
            <path
              d={mobileOpen ? 'M5 5l14 14M19 5L5 19' : 'M3 6h18M3 12h18M3 18h18'}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <nav
          id={NAV_ID}
          aria-label="Main"
          className={styles.nav}
          data-open={mobileOpen}
          onKeyDown={(event) => {
            // An open dropdown handles Escape first; the next Escape closes the mobile menu.
            if (event.key !== 'Escape' || event.defaultPrevented || !mobileOpen) return;
            setMobileOpen(false);
            hamburgerRef.current?.focus();
          }}
        >
          <ul className={styles.navList}>
            <li>
              <Link to="/" className={styles.navLink} activeOptions={{ exact: true }}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/about" className={styles.navLink}>
                About
              </Link>
            </li>
            <NavDropdown
              id="solutions"
              label="Solutions"
              items={solutionLinks}
              {...menuProps('solutions')}
            />
            <NavDropdown
              id="services"
              label="Services"
              items={serviceLinks}
              {...menuProps('services')}
            />
            <li>
              <ContactLink className={styles.navLink} onNavigate={closeAll}>
                Contact us
              </ContactLink>
            </li>
            <li>
              <Link to="/faqs" className={styles.navLink}>
                FAQs
              </Link>
            </li>
            <li>
              <Link to="/login" className={styles.loginLink}>
                Login
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
