import { Link } from '@tanstack/react-router';
import { MarketingPage } from './marketing-page';
import type { Topic } from './topics';

export function TopicPage({ kind, topic }: { kind: 'Solution' | 'Service'; topic: Topic }) {
  return (
    <MarketingPage eyebrow={kind} title={topic.title} lead={topic.summary}>
      <p>
        A full description of this {kind.toLowerCase()} is on its way. In the meantime, our team is
        happy to walk you through it.
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </MarketingPage>
  );
}
