import { FaqAccordion } from './faq-accordion';
import { faqs } from './faqs';
import { MarketingPage } from './marketing-page';

export function FaqsPage() {
  return (
    <MarketingPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      lead="Straight answers to what bridge owners, engineers and agencies ask us most about sensors, models and what happens when something changes."
    >
      <FaqAccordion entries={faqs} />
    </MarketingPage>
  );
}
