import { describe, expect, test } from 'vitest';
import { secondaryNav } from './navItems.ts';

const labels = (role: Parameters<typeof secondaryNav>[0]) => secondaryNav(role).map((item) => item.label);

describe('secondaryNav', () => {
  test('staff get their report queue after Moderation', () => {
    for (const role of ['moderator', 'admin'] as const)
      expect(labels(role)).toEqual(['Moderation', 'Reports', 'Messages', 'Wallet', 'Settings']);
    expect(secondaryNav('moderator')[1]!.link).toEqual({ to: '/reports' });
  });

  test('members and visitors see the spec list, Moderation included', () => {
    for (const role of ['user', undefined] as const)
      expect(labels(role)).toEqual(['Moderation', 'Messages', 'Wallet', 'Settings']);
  });
});
