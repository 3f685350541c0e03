import { Link } from '@tanstack/react-router';
import { container } from '../../ui/layout.css';
import { Logo } from '../../ui/logo';
import * as styles from './public-layout.css';

// A plain header for now; the dropdowns, contact scroll and mobile menu of spec §2 come with
// the marketing issue.
const navItems = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/login', label: 'Login' },
] as const;

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.headerInner}`}>
        <Link to="/" className={styles.homeLink} aria-label="SpanWatch home">
          <Logo />
        </Link>
        <nav aria-label="Main">
          <ul className={styles.navList}>
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={styles.navLink}
                  activeOptions={{ exact: item.to === '/' }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
