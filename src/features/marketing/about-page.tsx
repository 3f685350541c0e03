import * as styles from './about-page.css';
import { MarketingPage } from './marketing-page';

const values = [
  {
    title: 'Safety first',
    text: 'A missed warning costs more than a false one. Our thresholds err on the side of the people who drive, walk and cycle across the bridges we watch.',
  },
  {
    title: 'Honest data',
    text: 'Every alert links to the sensor, the span and the raw readings behind it. If a sensor drifts or a gateway goes quiet, we say so rather than fill the gap.',
  },
  {
    title: 'Engineers in the loop',
    text: 'Models point; engineers decide. We build tools that make an inspector’s judgement faster and better informed, never tools that replace it.',
  },
  {
    title: 'Built for our climate',
    text: 'Freeze-thaw cycles, de-icing salt and 70-degree swings between January and July shape how Canadian bridges age, and how we read their data.',
  },
] as const;

export function AboutPage() {
  return (
    <MarketingPage
      eyebrow="Company"
      title="About SpanWatch"
      lead="A Canadian team of structural engineers, data scientists and software developers helping bridge owners see problems before they grow."
    >
      <section aria-labelledby="intro-title" className={styles.section}>
        <h2 id="intro-title">Introduction</h2>
        <p>
          SpanWatch monitors the structural health of bridges with sensors and machine learning. We
          instrument the components that carry load and show distress first, such as girders,
          bearings, expansion joints, cables and piers, and stream their readings to a platform that
          knows how each structure normally behaves.
        </p>
        <p>
          Our customers are municipalities, provincial and territorial transportation agencies, and
          private owners of road, rail and pedestrian crossings. They use SpanWatch to decide which
          bridge to inspect next, to keep a watchful eye on a structure waiting for repair, and to
          show councils and regulators the evidence behind a closure or a load limit.
        </p>
      </section>
      <section aria-labelledby="history-title" className={styles.section}>
        <h2 id="history-title">History</h2>
        <p>
          SpanWatch began in 2016 as a university research project in Ottawa: a handful of strain
          gauges and a single accelerometer on a steel-girder overpass, logged to a laptop in a
          weatherproof box. Two winters of data showed how clearly the bridge’s daily rhythm of
          traffic and temperature could be separated from the slow changes that matter.
        </p>
        <p>
          The team incorporated in 2019 to turn that work into a service. Wireless gateways replaced
          the laptop, the models moved from hand-tuned limits to autoencoders trained on each
          structure’s own history, and the first municipal contract followed in 2020. Today we
          monitor steel, concrete and timber structures in six provinces, from short-span rural
          crossings to multi-span urban viaducts.
        </p>
      </section>
      <section aria-labelledby="values-title" className={styles.section}>
        <h2 id="values-title">Our Values</h2>
        <ul className={styles.values}>
          {values.map((value) => (
            <li key={value.title} className={styles.value}>
              <h3 className={styles.valueTitle}>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </MarketingPage>
  );
}
