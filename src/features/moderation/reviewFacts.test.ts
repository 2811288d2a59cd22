import { describe, expect, test } from 'vitest';
import type { ReviewFlag, ReviewItem } from '../../backend/review.ts';
import { flagWeight, kindName, scoreSum } from './reviewFacts.ts';

const flag = (reason: string, score: number, trustLevel: number, accuracyBonus = 0): ReviewFlag => ({
  reporterId: null,
  username: null,
  reason,
  details: null,
  trustLevel,
  accuracyBonus,
  score,
});

const item = (kind: string, flags: ReviewFlag[]) =>
  ({ kind, flags, score: flags.reduce((sum, f) => sum + f.score, 0) }) as ReviewItem;

describe('review facts', () => {
  test('each flag says what it weighs and why', () => {
    expect(flagWeight(flag('spam', 3, 2))).toBe('3 (trust level 2)');
    expect(flagWeight(flag('spam', 5, 1))).toBe('5 (staff)');
    expect(flagWeight(flag('spam', 2.5, 1, 0.5))).toBe('2.5 (trust level 1 + 0.5 for agreed flags)');
  });

  test('the score is the sum of its flags', () => {
    expect(scoreSum(item('flagged_post', [flag('spam', 3, 2), flag('other', 2.5, 1, 0.5)]))).toBe('3 + 2.5 = 5.5');
    expect(scoreSum(item('flagged_post', [flag('spam', 3, 2)]))).toBe('3');
    expect(scoreSum({ score: 0, flags: [] })).toBe('0');
  });

  test('names each kind', () => {
    expect(kindName('silenced_member')).toBe('Silenced member');
    expect(kindName('held_post')).toBe('Held post');
  });
});
