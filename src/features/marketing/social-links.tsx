import * as styles from './site-footer.css';

// Placeholder profile links (spec §2); the icons are drawn here, nothing is fetched.
const networks = [
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.95c0-1.18-.02-2.7-1.65-2.7-1.65 0-1.9 1.29-1.9 2.62V21h-4z',
  },
  {
    name: 'X',
    href: 'https://x.com/',
    path: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.73H5.58z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.75 15.02V8.98L15.5 12z',
  },
] as const;

export function SocialLinks() {
  return (
    <ul className={styles.socialList}>
      {networks.map((network) => (
        <li key={network.name}>
          <a
            className={styles.socialLink}
            href={network.href}
            aria-label={`SpanWatch on ${network.name}`}
            rel="noopener noreferrer"
            target="_blank"
          >
            <svg viewBox="0 0 24 24" className={styles.socialIcon} aria-hidden="true">
              <path d={network.path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
