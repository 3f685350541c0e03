import { MarketingPage } from './marketing-page';

export function AboutPage() {
  return (
    <MarketingPage
      eyebrow="Company"
      title="About SpanWatch"
      lead="A Canadian team of structural engineers and software developers helping bridge owners see problems before they grow."
    >
      <h2>Introduction</h2>
      <p>
        We build monitoring that engineers trust: sensors on the structure, models that learn its
        normal behaviour, and clear warnings when that behaviour changes.
      </p>
      <h2>History</h2>
      <p>Our story, from the first instrumented span to today, will be told here soon.</p>
      <h2>Our Values</h2>
      <p>Safety first, honest data, and working side by side with the people who run bridges.</p>
    </MarketingPage>
  );
}
