import { ContactLink } from './contact-link';
import { MarketingPage } from './marketing-page';
import type { TopicContent } from './topic-content/topic-content';
import * as styles from './topic-page.css';
import type { Topic } from './topics';

type Kind = 'Solution' | 'Service';

// Services follow spec §2 (overview, key features, benefits, case studies); solutions tell the
// same story in the order a solution is explained: how it works, then what it gives.
const headings: Record<Kind, readonly [string, string, string, string]> = {
  Service: ['Overview', 'Key Features', 'Benefits', 'Case Studies'],
  Solution: ['Overview', 'How It Works', 'Benefits', 'Case Studies'],
};

interface TopicPageProps {
  kind: Kind;
  topic: Topic;
  content: TopicContent;
}

export function TopicPage({ kind, topic, content }: TopicPageProps) {
  const [overview, features, benefits, cases] = headings[kind];
  return (
    <MarketingPage eyebrow={kind} title={topic.title} lead={topic.summary}>
      <section aria-labelledby="overview-title" className={styles.overview}>
        <div className={styles.overviewText}>
          <h2 id="overview-title">{overview}</h2>
          {content.overview.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <img
          className={styles.image}
          src={content.image.src}
          alt={content.image.alt}
          width={800}
          height={520}
          decoding="async"
        />
      </section>

      <section aria-labelledby="features-title" className={styles.section}>
        <h2 id="features-title">{features}</h2>
        <ul className={styles.cards}>
          {content.features.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-title" className={styles.section}>
        <h2 id="benefits-title">{benefits}</h2>
        <ul className={styles.benefits}>
          {content.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cases-title" className={styles.section}>
        <h2 id="cases-title">{cases}</h2>
        <div className={styles.cards}>
          {content.caseStudies.map((study) => (
            <article key={study.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{study.title}</h3>
              <p>{study.text}</p>
              <p className={styles.result}>
                <strong>Result: </strong>
                {study.result}
              </p>
            </article>
          ))}
        </div>
      </section>

      <p className={styles.closing}>
        Want to know how this would work on your structures?{' '}
        <ContactLink className={styles.closingLink}>Contact our engineers</ContactLink>.
      </p>
    </MarketingPage>
  );
}
