import { BRAND } from '../../ui/document-title';
import { container } from '../../ui/layout.css';
import * as styles from './public-layout.css';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`${container} ${styles.footerInner}`}>
        <p className={styles.footerText}>
          © {year} {BRAND}. All rights reserved.
        </p>
        <p className={styles.footerText}>Bridge structural health monitoring, made in Canada.</p>
      </div>
    </footer>
  );
}
