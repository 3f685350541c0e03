import { container } from '../../ui/layout.css';
import { CONTACT_HEADING_ID, CONTACT_SECTION_ID } from './contact-link';
import { ContactForm } from './contact-form';
import * as styles from './site-footer.css';
import { SocialLinks } from './social-links';

// Plausible company details; 555-01xx numbers are reserved for fiction in North America.
const ADDRESS_LINES = ['SpanWatch Inc.', '410 Albert Street, Suite 300', 'Ottawa, ON  K1R 5B3'];
const EMAIL = 'hello@spanwatch.ca';
const PHONE_DISPLAY = '+1 613-555-0142';
const PHONE_HREF = '+16135550142';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <section
        id={CONTACT_SECTION_ID}
        className={`${container} ${styles.contact}`}
        aria-labelledby={CONTACT_HEADING_ID}
      >
        <div className={styles.details}>
          <h2 id={CONTACT_HEADING_ID} className={styles.title} tabIndex={-1}>
            Contact us
          </h2>
          <p className={styles.lead}>
            Tell us about the structure you want to watch: its type, its span lengths and what
            worries you about it. An engineer, not a sales script, will reply within two business
            days.
          </p>
          <address className={styles.address}>
            {ADDRESS_LINES.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p>
            <a className={styles.footerLink} href={`mailto:${EMAIL}`}>
              {EMAIL}
            </a>
          </p>
          <p>
            <a className={styles.footerLink} href={`tel:${PHONE_HREF}`}>
              {PHONE_DISPLAY}
            </a>
          </p>
          <SocialLinks />
        </div>
        <div className={styles.formCard}>
          <ContactForm />
        </div>
      </section>
      <div className={styles.bottomBar}>
        <div className={`${container} ${styles.bottomInner}`}>
          <p>© {year} SpanWatch Inc. All rights reserved.</p>
          <p>Bridge structural health monitoring, designed and built in Canada.</p>
        </div>
      </div>
    </footer>
  );
}
