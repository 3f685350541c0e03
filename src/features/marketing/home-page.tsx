import { Link, type LinkProps } from '@tanstack/react-router';
import * as buttonStyles from '../../ui/button.css';
import { container, visuallyHidden } from '../../ui/layout.css';
import * as styles from './home-page.css';
import * as pageStyles from './marketing-page.css';
import { type Topic, services, solutions } from './topics';

// Spec §1's three value points, in our words.
const valuePoints = [
  {
    title: 'Cutting-Edge Technology',
    text: 'Sensors on the structure and learned models in the cloud keep an eye on every span in real time.',
  },
  {
    title: 'Enhanced Efficiency',
    text: 'Less time gathering data by hand, longer service lives and lower maintenance bills.',
  },
  {
    title: 'Innovation Partnership',
    text: 'We shape each deployment with the people who run the bridge, from site survey to daily use.',
  },
] as const;

export function HomePage() {
  return (
    <>
      <section className={pageStyles.hero}>
        <div className={container}>
          <p className={pageStyles.eyebrow}>Structural health monitoring</p>
          <h1 className={pageStyles.title}>Bridge health, watched around the clock</h1>
          <p className={pageStyles.lead}>
            SpanWatch reads the sensors on your bridges, learns how each one normally behaves and
            tells your team early when something changes.
          </p>
          <div className={styles.actions}>
            <Link to="/login" className={buttonStyles.button.onBrand}>
              Sign in
            </Link>
            <Link to="/about" className={buttonStyles.button.onBrand}>
              About us
            </Link>
          </div>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="why-title">
        <h2 id="why-title" className={styles.sectionTitle}>
          Why SpanWatch
        </h2>
        <ul className={styles.grid}>
          {valuePoints.map((point) => (
            <li key={point.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <TopicLinks id="solutions-title" title="Our Solutions" topics={Object.values(solutions)} />
      <TopicLinks id="services-title" title="Our Services" topics={Object.values(services)} />
    </>
  );
}

interface TopicLinksProps {
  id: string;
  title: string;
  topics: ReadonlyArray<Topic & { to: LinkProps['to'] }>;
}

function TopicLinks({ id, title, topics }: TopicLinksProps) {
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.grid}>
        {topics.map((topic) => (
          <li key={topic.to} className={styles.card}>
            <h3 className={styles.cardTitle}>{topic.title}</h3>
            <p>{topic.summary}</p>
            <Link to={topic.to} className={styles.cardLink}>
              Learn more<span className={visuallyHidden}> about {topic.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
