// /members with 10,000 generated members, in headless Chromium: time from an in-app navigation to the first cards
// painted, from the mirror and over REST (the mirror's profiles removed first, so the screen waits for the server's
// first page), and from a search keystroke to the updated grid, beside the server's search of the same word.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { fetchMembers } from '../src/backend/members.ts';
import { memberSearchTerms } from '../src/data/queries/members.ts';
import type { Db } from '../supabase/local/db.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { builtApp } from './builtApp.ts';
import { printTable } from './stats.ts';

export interface MembersOptions {
  members: number;
  /** Opens per path, and keystrokes; MEMBERS_RUNS overrides the default for a quick look. */
  runs: number;
}

const DEFAULTS: MembersOptions = { members: 10_000, runs: Number(process.env.MEMBERS_RUNS ?? 15) };
const FIRST_CARDS_GOAL_MS = 100;
const KEYSTROKE_GOAL_MS = 50;
/** What a member types, a letter at a time, then clears: each change is one timed keystroke. */
const TYPED = ['s', 'st', 'sta', 'star', 'stark', 'k', 'ki', 'kin', 'king', 'q', 'qu', 'qui', 'quie', 'quiet'];

const ADJECTIVES = ['bold', 'calm', 'dark', 'eager', 'fast', 'gold', 'happy', 'icy', 'jolly', 'kind', 'lucky'];
const NOUNS = ['miner', 'whale', 'stark', 'node', 'king', 'quiet', 'hodler', 'trader', 'falcon', 'oracle', 'rover'];

/** 10,000 accounts straight into auth.users (the sign-up trigger makes their profiles), with spread reputations. */
async function generateMembers(db: Db, members: number) {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'bench' || n || '@members.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
       jsonb_build_object(
         'username', ($2::text[])[1 + n % 11] || '_' || ($3::text[])[1 + (n / 11) % 11] || '_' || n,
         'display_name', initcap(($3::text[])[1 + (n / 7) % 11]) || ' ' || n),
       now() - make_interval(days => n % 900), now()
     from generate_series(1, $1::int) as n`,
    [members, ADJECTIVES, NOUNS],
  );
  await db.query(
    `update public.profiles set reputation = (hashtext(username) & 4095),
       bio = 'Generated member for the members benchmark: ' || username || ', here to trade notes on GUAPX.'
     where email like '%@members.test'`,
  );
}

/** Opens /members with the sidebar's link, as a member does, and times the click to the frame with the first cards. */
function openMembers(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const ready = () => document.querySelector('[data-testid="member-card"]') !== null;
    const link = document.querySelector<HTMLAnchorElement>('nav a[href="/members"]');
    if (!link) throw new Error('members bench: no link to /members on this screen');
    const started = performance.now();
    link.click();
    await new Promise<void>((resolve, reject) => {
      if (ready()) return resolve();
      const observer = new MutationObserver(() => {
        if (!ready()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      // A bench that cannot see the cards says so rather than waiting for ever.
      setTimeout(() => reject(new Error('members bench: no member card 30 s after the click')), 30_000);
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  });
}

/** Types `query` into the search box as React sees an input event, and times it to the painted grid of `expected`. */
function typeSearch(page: Page, query: string, expected: number): Promise<number> {
  return page.evaluate(
    async ({ query, expected }) => {
      // The directory's own box: the header has a search box of its own.
      const input = document.querySelector<HTMLInputElement>('main input[placeholder="Search members…"]')!;
      const shows = () => {
        const grid = document.querySelector('[data-testid="member-grid"]');
        return grid ? Number(grid.getAttribute('data-count')) === expected : expected === 0;
      };
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const started = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((resolve, reject) => {
        if (shows()) return resolve();
        const observer = new MutationObserver(() => {
          if (!shows()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        setTimeout(() => {
          const shown = document.querySelector('[data-testid="member-grid"]')?.getAttribute('data-count');
          reject(new Error(`members bench: the grid shows ${shown} members for "${query}", not ${expected}`));
        }, 30_000);
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    },
    { query, expected },
  );
}

/** Removes every profile from the mirror, straight through IndexedDB, as a device that never pulled them. */
function forgetProfiles(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('guap-mirror');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['profiles'], 'readwrite');
    tx.objectStore('profiles').clear();
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)]!;
}

export async function benchMembers(options: Partial<MembersOptions> = {}) {
  const { members, runs } = { ...DEFAULTS, ...options };
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-members-'));
  const db = await openMigratedPglite('seeded');
  await generateMembers(db, members);
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const people = (
      await db.query<{ username: string; display_name: string | null }>(
        'select username, display_name from public.profiles',
      )
    ).rows;
    const total = people.length;
    const matching = (query: string) => {
      const terms = memberSearchTerms(query);
      return people.filter((p) => {
        const text = `${p.username} ${p.display_name ?? ''}`.toLocaleLowerCase();
        return terms.every((t) => text.includes(t));
      }).length;
    };
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    page.on('crash', () => console.error('members bench: the page crashed'));
    let restMemberReads = 0;
    page.on('request', (r) => r.url().includes('/rest/v1/profiles') && r.url().includes('order=') && restMemberReads++);

    /** A fresh page at home with every member pulled, then the timed open, the mirror's profiles kept or removed. */
    const timedOpen = async (clearMirror: boolean) => {
      await page.goto(`${stack.url}/`);
      await page.getByTestId('thread-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (clearMirror) await forgetProfiles(page);
      const before = restMemberReads;
      const ms = await openMembers(page);
      return { ms, reads: restMemberReads - before };
    };
    // The first load pulls the 10,000 profiles into the mirror.
    await page.goto(`${stack.url}/members`);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="member-grid"]')?.getAttribute('data-count')) === n,
      total,
      { timeout: 300_000 },
    );
    await page.waitForLoadState('networkidle');

    // From the mirror first, then keystrokes on the full directory, then over REST: each REST open clears the
    // mirror's profiles, which the engine does not pull again (their cursor stays).
    const mirror: number[] = [];
    let mirrorReads = 0;
    for (let i = 0; i < runs; i++) {
      const fromMirror = await timedOpen(false);
      mirror.push(fromMirror.ms);
      mirrorReads += fromMirror.reads;
    }
    await page.getByTestId('member-card').first().waitFor();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="member-grid"]')?.getAttribute('data-count')) === n,
      total,
    );
    const keystrokes: number[] = [];
    for (let run = 0; run < runs; run++) {
      for (const query of [...TYPED, ''])
        keystrokes.push(await typeSearch(page, query, query ? matching(query) : total));
    }
    const rest: number[] = [];
    let restReads = 0;
    for (let i = 0; i < runs; i++) {
      const overRest = await timedOpen(true);
      rest.push(overRest.ms);
      restReads += overRest.reads;
    }
    // The same words asked of the server, as the screen asks it once typing pauses.
    const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const serverSearches: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const query of TYPED) {
        const t0 = performance.now();
        await fetchMembers(client, { word: query, page: 0 });
        serverSearches.push(performance.now() - t0);
      }
    }

    printTable(
      `Members: /members with ${total.toLocaleString('en-US')} members, ${runs} runs each (ms)`,
      ['path', 'p50', 'p90', 'REST member reads per open', 'goal'],
      [
        [
          'first cards, from the mirror',
          percentile(mirror, 0.5),
          percentile(mirror, 0.9),
          mirrorReads / runs,
          `< ${FIRST_CARDS_GOAL_MS} ms p50`,
        ],
        ['first cards, over REST (mirror cleared)', percentile(rest, 0.5), percentile(rest, 0.9), restReads / runs, ''],
        [
          `search keystroke to updated grid, mirror (${keystrokes.length})`,
          percentile(keystrokes, 0.5),
          percentile(keystrokes, 0.9),
          '',
          `< ${KEYSTROKE_GOAL_MS} ms p50`,
        ],
        [
          `same words, server page of 50 (${serverSearches.length})`,
          percentile(serverSearches, 0.5),
          percentile(serverSearches, 0.9),
          '',
          '',
        ],
      ],
    );
    const met = percentile(mirror, 0.5) < FIRST_CARDS_GOAL_MS && percentile(keystrokes, 0.5) < KEYSTROKE_GOAL_MS;
    console.log(met ? 'Members goals met.' : 'Members goals NOT met.');
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
