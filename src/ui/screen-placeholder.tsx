import type { ReactNode } from 'react';
import { container } from './layout.css';
import * as styles from './screen-placeholder.css';

export interface ScreenPlaceholderProps {
  title: string;
  description: string;
  children?: ReactNode;
}

// Holds a signed-in screen's place, with its real heading, until the screen itself is built.
export function ScreenPlaceholder({ title, description, children }: ScreenPlaceholderProps) {
  return (
    <div className={container}>
      <section className={styles.panel} aria-labelledby="screen-title">
        <h1 id="screen-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{description}</p>
        {children}
      </section>
    </div>
  );
}
