import { expect, test } from 'vitest';
import { debugPagesEnabled } from './debugPages.ts';

const hosted = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' };

test('on against the local stack, off in a build for a hosted project', () => {
  expect(debugPagesEnabled({})).toBe(true);
  expect(debugPagesEnabled(hosted)).toBe(false);
  const newKeys = { VITE_SUPABASE_URL: hosted.VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_k' };
  expect(debugPagesEnabled(newKeys)).toBe(false);
});

test('the build flag turns them on for a hosted project too', () => {
  expect(debugPagesEnabled({ ...hosted, VITE_DEBUG_PAGES: 'true' })).toBe(true);
});
