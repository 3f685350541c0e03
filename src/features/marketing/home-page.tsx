import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { container } from '../../ui/layout.css';
import { ContactLink, scrollToSection } from './contact-link';
import { HeroCarousel } from './hero-carousel';
import * as styles from './home-page.css';
import { heroSlides } from './slides';
import { TopicCards } from './topic-cards';
import { type Topic, services, solutions } from './topics';

export const HOME_HEADING = 'Bridge health, watched around the clock';
const SERVICES_ID = 'our-services';
const SERVICES_HEADING_ID = 'our-services-title';

// Spec §1's three value points, in our words.
const valuePoints = [
  {
    title: 'Cutting-Edge Technology',
    text: 'Sensors on the structure and models trained on its own history watch every span in real time, day and night, in January cold and August heat.',
  },
  {
    title: 'Enhanced Efficiency',
    text: 'Fewer trips to gather data by hand, inspections timed by condition instead of the calendar, longer service lives and lower maintenance bills.',
  },
  {
    title: 'Innovation Partnership',
    text: 'We design each deployment with the people who run the bridge, from the site survey and sensor layout to the alert rules they rely on every day.',
  },
] as const;

// Three of the four solutions lead the home page; the fourth is one click away in the menu.
const featuredSolutions: readonly Topic[] = [
  solutions['structural-health-monitoring'],
  solutions['damage-detection-modeling'],
  solutions['real-time-capacity-tracking'],
];

const readMore = (event: MouseEvent<HTMLAnchorElement>) =>
  scrollToSection(event, SERVICES_ID, SERVICES_HEADING_ID);

export function HomePage() {
  return (
    <>
      <HeroCarousel
        slides={heroSlides}
        heading={HOME_HEADING}
        readMoreHref={`#${SERVICES_ID}`}
        onReadMore={readMore}
      />

      <section className={`${container} ${styles.split}`} aria-labelledby="about-title">
        <div className={styles.splitText}>
          <p className={styles.eyebrow}>Who we are</p>
          <h2 id="about-title" className={styles.sectionTitle}>
            Canadian engineers who instrument bridges
          </h2>
          <p>
            SpanWatch puts strain gauges, accelerometers, tilt, displacement and temperature sensors
            on the parts of a bridge that tell its story: mid-span girders, bearings, expansion
            joints, cables and piers. Readings stream to our platform, where models trained on that
            bridge’s own history separate freeze-thaw cycles and rush-hour traffic from the changes
            that matter.
          </p>
          <p>
            Operators get one health view per structure: a condition index, active alerts, the next
            inspection date and the evidence behind each of them.
          </p>
          <Link to="/about" className={styles.textLink}>
            More about SpanWatch
          </Link>
        </div>
        <img
          className={styles.illustration}
          src="/images/sensor-layout.svg"
          alt="Diagram of a two-span girder bridge showing where strain gauges, accelerometers, tilt, temperature sensors and load cells are mounted"
          width={800}
          height={520}
          loading="lazy"
        />
      </section>

      <section className={styles.band} aria-labelledby="why-title">
        <div className={container}>
          <h2 id="why-title" className={styles.sectionTitle}>
            What changes when a bridge is monitored
          </h2>
          <ul className={styles.grid}>
            {valuePoints.map((point) => (
              <li key={point.title} className={styles.card}>
                <h3 className={styles.cardTitle}>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="solutions-title">
        <h2 id="solutions-title" className={styles.sectionTitle}>
          Our Solutions
        </h2>
        <TopicCards topics={featuredSolutions} />
      </section>

      <section
        id={SERVICES_ID}
        className={`${container} ${styles.section} ${styles.anchored}`}
        aria-labelledby={SERVICES_HEADING_ID}
      >
        <h2 id={SERVICES_HEADING_ID} className={styles.sectionTitle} tabIndex={-1}>
          Our Services
        </h2>
        <TopicCards topics={Object.values(services)} />
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <div className={`${container} ${styles.ctaInner}`}>
          <div>
            <h2 id="cta-title" className={styles.sectionTitle}>
              See your bridges the way your sensors do
            </h2>
            <p>
              Send us a drawing set or a list of structures. We will propose a sensor layout and a
              pilot on one span within two weeks.
            </p>
          </div>
          <ContactLink className={styles.ctaButton}>Talk to an engineer</ContactLink>
        </div>
      </section>
    </>
  );
}
