import { describe, expect, it } from 'vitest';
import { ago, banConfirmation, describeAction, loggedThreadTitle, reasonSummary } from './moderationFacts.ts';

describe('banConfirmation', () => {
  it('asks plainly, and adds the note only when every post will be deleted', () => {
    expect(banConfirmation('spammer', false)).toBe('Are you sure you want to ban spammer?');
    expect(banConfirmation('spammer', true)).toBe(
      "Are you sure you want to ban spammer? All of spammer's posts will be deleted. This cannot be undone.",
    );
  });
});

describe('ago', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('says just now under a minute, and the unit with ago after', () => {
    expect(ago('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-24T11:55:00Z', now)).toBe('5m ago');
    expect(ago('2026-11-21T12:00:00Z', now)).toBe('3d ago');
  });
});

describe('reasonSummary', () => {
  it('names each reason once, with its count when several reports gave it', () => {
    expect(reasonSummary(['spam', 'off_topic', 'spam', 'other'])).toEqual(['Spam ×2', 'Off-topic', 'Other']);
  });
});

describe('describeAction', () => {
  it('reads the facts of a role change, a ban that deleted posts, a report and its handling', () => {
    expect(describeAction('role_change', { from: 'user', to: 'moderator' })).toBe('Role change: User → Moderator');
    expect(describeAction('ban', { delete_posts: true })).toBe('Ban, posts deleted');
    expect(describeAction('ban', { delete_posts: false })).toBe('Ban');
    expect(describeAction('report_post', { reason: 'off_topic' })).toBe('Report post: Off-topic');
    expect(describeAction('dismiss_report', { reports: 1, outcome: 'dismissed' })).toBe(
      'Dismiss report (1 report, dismissed)',
    );
    expect(describeAction('resolve_report', { reports: 3, outcome: 'author_banned' })).toBe(
      'Resolve report (3 reports, author banned)',
    );
    expect(describeAction('dismiss_report', { reports: 12, outcome: 'reporter_dismissed', posts_shown: 2 })).toBe(
      'Dismiss report (12 reports, all from one reporter)',
    );
  });

  it('names the review decisions and the timed penalties with their days', () => {
    expect(describeAction('review_agree', { item: 'x', kind: 'flagged_post' })).toBe('Review: agree');
    expect(describeAction('suspend', { days: 3, ends_at: '2026-12-02T00:00:00Z' })).toBe('Suspend: 3 days');
    expect(describeAction('silence', { days: 1 })).toBe('Silence: 1 day');
    expect(describeAction('lift_penalty', { kind: 'silence' })).toBe('Lift penalty');
  });

  it('falls back to the action name when the details are missing or not an object', () => {
    expect(describeAction('move_thread', {})).toBe('Move thread');
    expect(describeAction('role_change', null)).toBe('Role change');
    expect(describeAction('something_new', 'x')).toBe('something_new');
  });
});

describe('thread tools in the log', () => {
  it('a move names both categories; pin, lock and move rows name their thread', () => {
    const move = {
      title: 'Fees',
      from_category_id: 'a',
      to_category_id: 'b',
      from_category: 'General',
      to_category: 'Trading',
    };
    expect(describeAction('move_thread', move)).toBe('Move thread: General → Trading');
    expect(loggedThreadTitle('move_thread', move)).toBe('Fees');
    expect(loggedThreadTitle('pin', { title: 'Fees' })).toBe('Fees');
    expect(loggedThreadTitle('lock', { title: 'Fees' })).toBe('Fees');
    // Rows written before titles were kept, and rows of other kinds, have none.
    expect(loggedThreadTitle('pin', {})).toBeNull();
    expect(loggedThreadTitle('delete_thread', { title: 'Gone' })).toBeNull();
    expect(describeAction('move_thread', { from_category_id: 'a', to_category_id: 'b' })).toBe('Move thread');
  });
});
