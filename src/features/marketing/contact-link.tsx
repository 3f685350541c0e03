import type { MouseEvent, ReactNode } from 'react';
import { prefersReducedMotion } from '../../ui/use-media-query';

export const CONTACT_SECTION_ID = 'contact';
export const CONTACT_HEADING_ID = 'contact-title';

/**
 * Scrolls to a section of the page (smoothly unless the visitor asked for reduced motion) and
 * moves keyboard focus to its heading, so keyboard and screen-reader users land where sighted
 * users are taken. Without the section it does nothing and the link behaves as a plain link.
 */
export function scrollToSection(
  event: MouseEvent<HTMLAnchorElement>,
  sectionId: string,
  headingId: string,
): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView?.({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
  document.getElementById(headingId)?.focus({ preventScroll: true });
}

interface ContactLinkProps {
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}

/** Contact us (spec §2): smooth-scrolls to the contact form in the footer. */
export function ContactLink({ className, children, onNavigate }: ContactLinkProps) {
  return (
    <a
      href={`#${CONTACT_SECTION_ID}`}
      className={className}
      onClick={(event) => {
        onNavigate?.();
        scrollToSection(event, CONTACT_SECTION_ID, CONTACT_HEADING_ID);
      }}
    >
      {children}
    </a>
  );
}
