import * as styles from './logo.css';

// The same bridge-arch mark as public/favicon.svg, inline so it inherits no extra request.
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b3a53" />
        <path
          d="M8 40c8-14 16-20 24-20s16 6 24 20"
          fill="none"
          stroke="#f5b83d"
          strokeWidth="5"
          strokeLinecap="round"
        />
        <path d="M6 42h52" stroke="#ffffff" strokeWidth="5" strokeLinecap="round" />
        <path
          d="M18 42V31M32 42V24M46 42V31"
          stroke="#ffffff"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        <circle cx="32" cy="14" r="3.5" fill="#3ecf8e" />
      </svg>
      SpanWatch
    </span>
  );
}
