import { describe, expect, it } from 'vitest';
import { episodeTracker, findEpisodes } from '../../../server/analytics/episodes';

describe('alarm episodes', () => {
  it('raises one alarm at the onset and suppresses it while the episode lasts', () => {
    const scores = [0, 2, 2, 0, 2, 0, 0, 0, 2];
    const episodes = findEpisodes(scores, 1, { quietRows: 3, minSpacingRows: 0 });
    expect(episodes.map((e) => e.start)).toEqual([1, 8]);
    expect(episodes[0]).toEqual({ start: 1, end: 4, rows: 3, peakScore: 2, peakIndex: 1 });
  });

  it('ends an episode after the quiet rows, and unscored rows neither extend nor end it', () => {
    expect(
      findEpisodes([2, 0, null, null, 0, 2], 1, { quietRows: 2, minSpacingRows: 0 }).map(
        (e) => e.start,
      ),
    ).toEqual([0, 5]);
    expect(
      findEpisodes([2, 0, null, null, 2], 1, { quietRows: 2, minSpacingRows: 0 }).map(
        (e) => e.start,
      ),
    ).toEqual([0]);
  });

  it('joins a new exceedance within the minimum spacing to the last alarm', () => {
    const scores = [3, 0, 0, 0, 5, 0, 0, 0, 0, 0, 4];
    const episodes = findEpisodes(scores, 1, { quietRows: 1, minSpacingRows: 6 });
    expect(episodes.map((e) => e.start)).toEqual([0, 10]);
    expect(episodes[0]).toMatchObject({ end: 4, rows: 2, peakScore: 5, peakIndex: 4 });
  });

  it('says online whether an episode is open', () => {
    const tracker = episodeTracker({ quietRows: 2, minSpacingRows: 0 });
    expect(tracker.push(0, 5, 1)).toBe(true);
    expect(tracker.inEpisode).toBe(true);
    expect(tracker.push(1, 0, 1)).toBe(false);
    expect(tracker.inEpisode).toBe(true);
    tracker.push(2, 0, 1);
    expect(tracker.inEpisode).toBe(false);
  });

  describe('with confirmation', () => {
    const rules = { quietRows: 2, minSpacingRows: 0, confirmRows: 3, confirmWithinRows: 4 };

    it('raises nothing for an excursion shorter than the confirmation', () => {
      expect(findEpisodes([0, 5, 9, 0, 0, 0, 4, 0, 0, 0], 1, rules)).toEqual([]);
    });

    it('raises a persistent change once confirmed, from its first row, through a dip', () => {
      const tracker = episodeTracker(rules);
      const raised = [0, 2, 0, 3, 4, 2, 0, 2].map((score, i) => tracker.push(i, score, 1));
      expect(raised).toEqual([false, false, false, false, true, false, false, false]);
      expect(tracker.episodes).toEqual([{ start: 1, end: 7, rows: 5, peakScore: 4, peakIndex: 4 }]);
    });

    it('counts only scored rows, and starts afresh after an episode ends', () => {
      const scores = [2, null, null, 2, 2, 0, 0, 2, 0, 2, 0];
      expect(findEpisodes(scores, 1, rules).map((e) => [e.start, e.end])).toEqual([[0, 4]]);
    });
  });
});
