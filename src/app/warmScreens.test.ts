import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../backend/errors.ts';
import { warmScreens } from './warmScreens.ts';

/** The idle periods the browser would give, run by the test one at a time. */
let idle: (() => void)[];
let asked: string[];
let loads: Map<string, { resolve: () => void; reject: (error: unknown) => void }>;

function routerOf(paths: string[]): AnyRouter {
  const routesById = Object.fromEntries(paths.map((fullPath) => [fullPath, { fullPath }]));
  const loadRouteChunk = (route: { fullPath: string }) => {
    asked.push(route.fullPath);
    return new Promise<void>((resolve, reject) => loads.set(route.fullPath, { resolve, reject }));
  };
  return { routesById, loadRouteChunk } as unknown as AnyRouter;
}

/** Runs the idle period the browser has queued, and lets the promises it settles run on. */
async function nextIdle() {
  const run = idle.shift();
  if (!run) throw new Error('no idle callback queued');
  run();
  await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  idle = [];
  asked = [];
  loads = new Map();
  vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warmScreens', () => {
  it('loads one screen per idle period, the next once the last has loaded', async () => {
    warmScreens(routerOf(['/', '/members', '/settings']));
    expect(asked).toEqual([]);
    await nextIdle();
    expect(asked).toEqual(['/']);
    expect(idle).toHaveLength(0);
    loads.get('/')!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toHaveLength(1);
    await nextIdle();
    expect(asked).toEqual(['/', '/members']);
  });

  it('goes on past a screen that failed to load, and leaves out the staff and debug screens', async () => {
    warmScreens(routerOf(['/', '/admin/users', '/debug', '/members']));
    await nextIdle();
    loads.get('/')!.reject(new AppError('network', 'offline for a moment'));
    await new Promise((resolve) => setImmediate(resolve));
    await nextIdle();
    loads.get('/members')!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['/', '/members']);
    expect(idle).toHaveLength(0);
  });

  it('loads nothing ahead offline without a service worker', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    warmScreens(routerOf(['/', '/members']));
    await nextIdle();
    expect(asked).toEqual([]);
  });
});
