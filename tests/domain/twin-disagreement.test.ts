import { describe, expect, it } from 'vitest';
import { disagreementFinding, disagreementSentence } from '../../domain/twin-disagreement.ts';

const pair = ['sg-1', 'sg-2'];

describe("a twin pair's finding after the pair is named", () => {
  it('keeps a stream id first in the sentence as it is written', () => {
    expect(
      disagreementFinding(
        pair,
        "sg-1 and sg-2 disagree: sg-1's response grew by 10.2 % against sg-2",
      ),
    ).toBe("sg-1's response grew by 10.2 % against sg-2");
  });

  // An offset step's finding starts with "a step of": the sentence read "… inspect both. a step of".
  it('starts any other finding with a capital', () => {
    expect(
      disagreementSentence(
        pair,
        '1 June 2026 06:00',
        'sg-1 and sg-2 disagree: a step of +4.9 µε in sg-1 against sg-2 at 1 June 06:00; one of them moved',
      ),
    ).toMatch(/, so inspect both\. A step of \+4\.9 µε in sg-1/);
    expect(disagreementFinding(pair, 'drifting apart at +2.0 µε/h')).toBe(
      'Drifting apart at +2.0 µε/h',
    );
  });
});
