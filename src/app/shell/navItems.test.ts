import { describe, expect, test } from 'vitest';
import { secondaryNav } from './navItems.ts';

const labels = (role: Parameters<typeof secondaryNav>[0]) => secondaryNav(role).map((item) => item.label);

describe('secondaryNav', () => {
  test('staff get their review queue, with its count, and report queue after Moderation', () => {
    for (const role of ['moderator', 'admin'] as const)
      expect(labels(role)).toEqual(['Moderation', 'Review', 'Reports', 'Messages', 'Wallet', 'Settings']);
    expect(secondaryNav('moderator')[1]).toMatchObject({ link: { to: '/review' }, pending: true });
    expect(secondaryNav('moderator')[2]!.link).toEqual({ to: '/reports' });
  });

  test('members and visitors see the spec list, Moderation included', () => {
    for (const role of ['user', undefined] as const)
      expect(labels(role)).toEqual(['Moderation', 'Messages', 'Wallet', 'Settings']);
    expect(secondaryNav('user').some((item) => item.pending)).toBe(false);
  });
});
