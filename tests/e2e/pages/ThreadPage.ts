// Page object for the thread view (/t/{idOrSlug}), and the seeded threads and backend helpers its specs use.
import '../../../supabase/local/noRealtimeSocket.ts';
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_JWT_SECRET } from '../../../playwright.config.ts';
import { makeKeys } from '../../../supabase/local/jwt.ts';
import { appStarted } from '../support/appStarted.ts';

export const SEEDED = {
  welcome: 'welcome-to-the-guapcoin-forum-read-this-first',
  rules: 'forum-rules-and-code-of-conduct',
  locked: 'wallet-v1-is-deprecated-migration-guide',
  ad: 'sponsored-hardware-wallet-bundle-with-guapx-support',
  mega: 'guapx-price-and-market-megathread',
  short: 'offline-mode-is-great',
  introductions: 'introduce-yourself-2026',
};

/** The seed derives its ids from md5 of a label, as PostgreSQL's md5(...)::uuid. */
export function seededThreadId(slug: string): string {
  const hex = createHash('md5').update(`guap-seed-thread:${slug}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const MEMBER_ID = 'a0000000-0000-4000-8000-000000000003';

/** The backend as the service role: sees every row, to check what the server really holds. */
export async function serviceClient(baseURL: string): Promise<SupabaseClient> {
  const { serviceKey } = await makeKeys(E2E_JWT_SECRET, baseURL);
  return createClient(baseURL, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** The id of a seeded thread's post at `index` (0: the opening post), in the order the thread shows its posts. */
export async function seededPostId(baseURL: string, slug: string, index: number): Promise<string> {
  const service = await serviceClient(baseURL);
  const { data: posts } = await service
    .from('posts')
    .select('id')
    .eq('thread_id', seededThreadId(slug))
    .order('created_at')
    .order('post_number')
    .range(index, index);
  return posts![0]!.id;
}

export class ThreadPage {
  readonly title: Locator;
  readonly posts: Locator;
  readonly replyBox: Locator;
  readonly postReply: Locator;
  readonly signInPrompt: Locator;
  readonly lockedNotice: Locator;
  readonly deleteThreadButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('main').getByRole('heading', { level: 1 });
    this.posts = page.getByTestId('post');
    this.replyBox = page.getByRole('textbox', { name: 'Post a reply' });
    this.postReply = page.getByRole('button', { name: 'Post Reply' });
    this.signInPrompt = page.getByRole('main').getByRole('link', { name: 'Sign In' });
    this.lockedNotice = page.getByText('This thread is locked. New replies are not allowed.');
    this.deleteThreadButton = page.getByRole('button', { name: 'Delete Thread' });
    this.dialog = page.getByRole('dialog');
  }

  /** The thread as the server painted it, and the app started on it (appStarted) unless `started: false`. */
  async open(idOrSlug: string, { started = true } = {}) {
    await this.page.goto(`/t/${idOrSlug}`);
    await expect(this.posts.first()).toBeVisible();
    if (started) await appStarted(this.page);
  }

  post(text: string | RegExp): Locator {
    return this.posts.filter({ hasText: text });
  }

  /**
   * Scrolls to the thread's end, as a reader looking for the newest posts does, until `post` is rendered: a thread
   * opens at its first unread post, and the list holds only the pages near the viewport, so a post further down is
   * not in the document until the reader gets there. `timeout` is for a post still on its way (a live update).
   */
  async scrollToEndFor(post: Locator, timeout?: number) {
    await expect
      .poll(
        async () => {
          await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return post.count();
        },
        { timeout },
      )
      .toBeGreaterThan(0);
    await expect(post).toBeVisible();
  }

  async reply(text: string) {
    await this.replyBox.fill(text);
    await this.postReply.click();
  }

  async confirm(button: string) {
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: button, exact: true }).click();
  }

  async toast(text: string) {
    await expect(this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
  }
}
