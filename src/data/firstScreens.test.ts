import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS, firstPageRoute, routePattern } from './firstScreens.ts';

describe('firstPageRoute', () => {
  it('knows home, a category of a known type, and a thread by id or by slug, trailing slash or not', () => {
    expect(firstPageRoute('/')).toEqual({ page: 'home' });
    expect(firstPageRoute('/category/crypto/')).toEqual({ page: 'category', type: 'crypto' });
    expect(firstPageRoute('/thread/0192f3a4-0000-7000-8000-000000000001')).toEqual({
      page: 'thread',
      idOrSlug: '0192f3a4-0000-7000-8000-000000000001',
      byId: true,
    });
    expect(firstPageRoute('/t/caf%C3%A9-talk')).toEqual({ page: 'thread', idOrSlug: 'café-talk', byId: false });
  });

  it('has no first rows for other addresses, unknown types, extra segments or a broken escape', () => {
    for (const path of ['/settings', '/category/nope', '/category', '/t/a/b', '/t//', '/t/%E0%A4%A']) {
      expect(firstPageRoute(path), path).toBeUndefined();
    }
  });
});

describe('routePattern', () => {
  it('matches what the router matches: one segment per parameter, a trailing slash allowed', () => {
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/t/x')).toBe(false);
    expect(routePattern('category/$type').test('/category/crypto/')).toBe(true);
    expect(routePattern('category/$type').test('/category/crypto/more')).toBe(false);
    expect(routePattern('t/$idOrSlug').test('/thread/x')).toBe(false);
  });
});

describe('the table', () => {
  const router = readFileSync(new URL('../app/router.tsx', import.meta.url), 'utf8');

  it('names each screen by a module that exists, and the router loads that module at each of its paths', () => {
    for (const screen of Object.values(FIRST_SCREENS)) {
      expect(existsSync(new URL(`../../${screen.module}`, import.meta.url)), screen.module).toBe(true);
      const importPath = screen.module.replace(/^src\//, '../');
      const loaded = [...router.matchAll(/page\(FIRST_SCREENS\.(\w+)\.routes\[(\d)\], \(\) => import\('([^']+)'\)/g)];
      const screenName = Object.entries(FIRST_SCREENS).find(([, s]) => s === screen)![0];
      const mine = loaded.filter(([, name]) => name === screenName);
      expect(mine.map(([, , index]) => Number(index)).sort(), screenName).toEqual(screen.routes.map((_, i) => i));
      for (const [, , , imported] of mine) expect(imported, screenName).toBe(importPath);
    }
  });
});
