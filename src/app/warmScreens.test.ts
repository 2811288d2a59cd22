import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREENS_AHEAD_ID, type ScreenFiles } from '../data/screensAhead.ts';
import { warmScreens } from './warmScreens.ts';

/** The idle periods the browser would give, run by the test one at a time. */
let idle: (() => void)[];
/** The links the page's head was given, in order. */
let added: Record<string, string>[];

function pageWith(files: ScreenFiles | undefined, present: string[] = []) {
  const listing = files && { textContent: JSON.stringify(files) };
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === SCREENS_AHEAD_ID ? listing : null),
    querySelectorAll: () => present.map((href) => ({ getAttribute: () => href })),
    createElement: () => ({}),
    head: { append: (...links: Record<string, string>[]) => added.push(...links) },
  });
}

function nextIdle() {
  const run = idle.shift();
  if (!run) throw new Error('no idle callback queued');
  run();
}

const scripts = ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'];

beforeEach(() => {
  idle = [];
  added = [];
  vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warmScreens', () => {
  it('adds a prefetch link for each listed file, one an idle period, none for a file the page links already', () => {
    pageWith({ scripts: [...scripts, '/first.js'], styles: ['/s.css'] }, ['/first.js']);
    warmScreens();
    expect(added).toEqual([]);
    nextIdle();
    expect(added.map((link) => link.href)).toEqual(['/a.js']);
    for (let i = 0; i < 4; i++) nextIdle();
    expect(added.map((link) => link.href)).toEqual(scripts);
    nextIdle();
    expect(added.slice(5)).toEqual([{ rel: 'prefetch', as: 'style', href: '/s.css', crossOrigin: '' }]);
    expect(added[4]).toEqual({ rel: 'prefetch', as: 'script', href: '/e.js', crossOrigin: '' });
    expect(idle).toEqual([]);
  });

  it('asks for nothing more once offline with no service worker, as a file that failed to load stays failed', () => {
    pageWith({ scripts, styles: [] });
    warmScreens();
    nextIdle();
    nextIdle();
    vi.stubGlobal('navigator', { onLine: false });
    nextIdle();
    expect(added).toHaveLength(2);
    expect(idle).toEqual([]);
  });

  it('goes on offline when a service worker answers for the files', () => {
    pageWith({ scripts, styles: [] });
    vi.stubGlobal('navigator', { onLine: false, serviceWorker: { controller: {} } });
    warmScreens();
    for (let i = 0; i < 5; i++) nextIdle();
    expect(added).toHaveLength(5);
  });

  it('does nothing on a page without the list (the dev server)', () => {
    pageWith(undefined);
    warmScreens();
    expect(idle).toEqual([]);
  });
});
