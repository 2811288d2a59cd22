// Every benchmark, in the order `npm run bench` runs them: `run` at the real sizes, `smoke` at tiny ones, which
// `npm test` runs (bench/smoke.ts) so that no bench rots. Adding a bench is one line here.
import { benchBrowserSync } from './browserSync.ts';
import { benchBundle } from './bundle.ts';
import { benchFairness } from './fairness.ts';
import { benchFirstVisit } from './firstVisit.ts';
import { benchInteraction } from './interaction.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLocalStack } from './local-stack.ts';
import { benchMembers } from './members.ts';
import { benchMemory } from './memory.ts';
import { benchMirrorSearch } from './mirrorSearch.ts';
import { benchModerationUsers } from './moderationUsers.ts';
import { benchNotificationFanout } from './notificationFanout.ts';
import { benchOfflineStart } from './offlineStart.ts';
import { benchParallelLimits } from './parallelLimits.ts';
import { benchPokeCount } from './pokeCount.ts';
import { benchLiveFanout } from './liveFanout.ts';
import { benchLivePaint } from './livePaint.ts';
import { benchReadPosition } from './readPosition.ts';
import { benchReviewQueue } from './reviewQueue.ts';
import { benchRunaway } from './runaway.ts';
import { benchStorage } from './storage.ts';
import { benchSync } from './sync.ts';
import { benchThreadPaint } from './threadPaint.ts';

export interface Bench {
  name: string;
  run(): Promise<void>;
  smoke(): Promise<void>;
}

export const BENCHES: Bench[] = [
  { name: 'bundle', run: () => benchBundle(), smoke: () => benchBundle() },
  { name: 'local stack', run: () => benchLocalStack(), smoke: () => benchLocalStack({ requests: 5 }) },
  { name: 'runaway query', run: () => benchRunaway(), smoke: () => benchRunaway() },
  {
    name: 'fairness',
    run: () => benchFairness(),
    smoke: () => benchFairness({ seconds: 2, writers: 1, posts: 200 }),
  },
  { name: 'sync', run: () => benchSync(), smoke: () => benchSync({ threads: 20, posts: 100, reads: 2 }) },
  { name: 'thread paint', run: () => benchThreadPaint(), smoke: () => benchThreadPaint({ runs: 1 }) },
  { name: 'read position', run: () => benchReadPosition(), smoke: () => benchReadPosition({ posts: 60 }) },
  { name: 'memory', run: () => benchMemory(), smoke: () => benchMemory({ posts: 60 }) },
  { name: 'storage', run: () => benchStorage(), smoke: () => benchStorage({ threads: 20, posts: 200 }) },
  { name: 'browser sync', run: () => benchBrowserSync(), smoke: () => benchBrowserSync({ threads: 20, posts: 200 }) },
  {
    name: 'interaction',
    run: () => benchInteraction(),
    smoke: () => benchInteraction({ threads: 20, posts: 200, taps: 2 }),
  },
  {
    name: 'mirror search',
    run: () => benchMirrorSearch(),
    smoke: () => benchMirrorSearch({ posts: 200, indexRuns: 1 }),
  },
  { name: 'offline start', run: () => benchOfflineStart(), smoke: () => benchOfflineStart({ runs: 1, mobileRuns: 1 }) },
  { name: 'first visit', run: () => benchFirstVisit(), smoke: () => benchFirstVisit({ runs: 1 }) },
  { name: 'lighthouse', run: () => benchLighthouse(), smoke: () => benchLighthouse({ runs: 1, pages: ['/'] }) },
  { name: 'members', run: () => benchMembers(), smoke: () => benchMembers({ members: 300, runs: 1 }) },
  {
    name: 'moderation users',
    run: () => benchModerationUsers(),
    smoke: () => benchModerationUsers({ members: 1_000, batch: 500, runs: 2 }),
  },
  {
    name: 'review queue',
    run: () => benchReviewQueue(),
    smoke: () => benchReviewQueue({ members: 300, pending: 100, decided: 100, runs: 2 }),
  },
  {
    name: 'notification fan-out',
    run: () => benchNotificationFanout(),
    smoke: () => benchNotificationFanout({ participants: 3, replies: 1 }),
  },
  { name: 'live paint', run: () => benchLivePaint(), smoke: () => benchLivePaint({ runs: 1 }) },
  { name: 'live fan-out', run: () => benchLiveFanout(), smoke: () => benchLiveFanout({ sockets: 20, pokes: 3 }) },
  { name: 'poke count', run: () => benchPokeCount(), smoke: () => benchPokeCount({ apps: 20, seconds: 2 }) },
  {
    name: 'parallel limits',
    run: () => benchParallelLimits(),
    smoke: () => benchParallelLimits({ runs: 1, threads: 5, replies: 3, messages: 22 }),
  },
];
