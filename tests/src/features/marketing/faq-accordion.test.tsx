import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from '../../../../src/features/marketing/faq-accordion';
import { faqs } from '../../../../src/features/marketing/faqs';

const question = (name: RegExp) => screen.getByRole('button', { name });
const openAnswers = () => screen.queryAllByRole('region');

describe('FAQ accordion', () => {
  it('lists five questions, all closed at first', () => {
    render(<FaqAccordion entries={faqs} />);
    expect(screen.getAllByRole('button')).toHaveLength(5);
    expect(openAnswers()).toHaveLength(0);
  });

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={faqs} />);

    await user.click(question(/what does spanwatch measure/i));
    expect(question(/what does spanwatch measure/i)).toHaveAttribute('aria-expanded', 'true');
    expect(openAnswers()).toHaveLength(1);

    await user.click(question(/how accurate/i));
    expect(question(/what does spanwatch measure/i)).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toHaveLength(1);
    expect(screen.getByRole('region', { name: /how accurate/i })).toHaveTextContent(
      /accuracy above 95%/,
    );
  });

  it('closes the open answer when its question is clicked again', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={faqs} />);

    await user.click(question(/how does the ai/i));
    await user.click(question(/how does the ai/i));

    expect(question(/how does the ai/i)).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toHaveLength(0);
  });

  it('opens and closes by keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={faqs} />);

    await user.tab();
    await user.keyboard('{Enter}');
    expect(openAnswers()).toHaveLength(1);
    await user.keyboard(' ');
    expect(openAnswers()).toHaveLength(0);
  });
});
