import { Link } from '@tanstack/react-router';
import { visuallyHidden } from '../../ui/layout.css';
import * as styles from './home-page.css';
import type { Topic } from './topics';

export function TopicCards({ topics }: { topics: readonly Topic[] }) {
  return (
    <ul className={styles.grid}>
      {topics.map((topic) => (
        <li key={topic.title} className={styles.card}>
          <h3 className={styles.cardTitle}>{topic.title}</h3>
          <p>{topic.summary}</p>
          <Link to={topic.to} className={styles.textLink}>
            Learn more<span className={visuallyHidden}> about {topic.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
