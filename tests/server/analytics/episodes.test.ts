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
});
