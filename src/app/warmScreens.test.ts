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

/** Lets the page's check for a service worker answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function nextIdle() {
  await settled();
  const run = idle.shift();
  if (!run) throw new Error('no idle callback queued');
  run();
  await settled();
}

function withServiceWorker(registration: () => object | undefined) {
  vi.stubGlobal('navigator', { onLine: true, serviceWorker: { getRegistration: async () => registration() } });
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
  it('adds a prefetch link for each listed file, one an idle period, none for a file the page links already', async () => {
    pageWith({ scripts: [...scripts, '/first.js'], styles: ['/s.css'] }, ['/first.js']);
    warmScreens();
    expect(added).toEqual([]);
    await nextIdle();
    expect(added.map((link) => link.href)).toEqual(['/a.js']);
    for (let i = 0; i < 4; i++) await nextIdle();
    expect(added.map((link) => link.href)).toEqual(scripts);
    await nextIdle();
    expect(added.slice(5)).toEqual([{ rel: 'prefetch', as: 'style', href: '/s.css', crossOrigin: '' }]);
    expect(added[4]).toEqual({ rel: 'prefetch', as: 'script', href: '/e.js', crossOrigin: '' });
    expect(idle).toEqual([]);
  });

  it('asks for nothing more once offline, as a file that failed to load stays failed', async () => {
    pageWith({ scripts, styles: [] });
    warmScreens();
    await nextIdle();
    await nextIdle();
    vi.stubGlobal('navigator', { onLine: false });
    await nextIdle();
    expect(added).toHaveLength(2);
    expect(idle).toEqual([]);
  });

  it('asks for none while a service worker is registered: installing, its precache fetches them', async () => {
    pageWith({ scripts, styles: [] });
    withServiceWorker(() => ({ installing: {}, waiting: null, active: null }));
    warmScreens();
    await settled();
    expect(idle).toEqual([]);
    expect(added).toEqual([]);
  });

  it('stops once a service worker registers, and goes on where the browser will not say (none)', async () => {
    pageWith({ scripts, styles: [] });
    const worker: { registration?: object } = {};
    withServiceWorker(() => worker.registration);
    warmScreens();
    await nextIdle();
    await nextIdle();
    worker.registration = { installing: null, waiting: null, active: {} };
    await nextIdle();
    expect(added).toHaveLength(3);
    expect(idle).toEqual([]);

    added = [];
    vi.stubGlobal('navigator', {
      onLine: true,
      serviceWorker: { getRegistration: () => Promise.reject(new DOMException('opaque origin', 'SecurityError')) },
    });
    warmScreens();
    for (let i = 0; i < 5; i++) await nextIdle();
    expect(added).toHaveLength(5);
  });

  it('does nothing on a page without the list (the dev server)', async () => {
    pageWith(undefined);
    warmScreens();
    await settled();
    expect(idle).toEqual([]);
  });
});
