import { MarketingPage } from './marketing-page';

export function FaqsPage() {
  return (
    <MarketingPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      lead="Short answers to the questions bridge owners ask us most."
    >
      <p>The full list of questions and answers is being written and will appear here shortly.</p>
    </MarketingPage>
  );
}
