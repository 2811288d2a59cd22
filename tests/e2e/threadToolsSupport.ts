// What the thread tools, reports and rate-limit specs share: a fresh thread made on the server, fresh members made
// by the auth admin API, a signed-in browser context per member, and screenshots in this branch's folder.
import { randomUUID } from 'node:crypto';
import { signInQuickly } from './support/signIn.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_JWT_SECRET } from '../../playwright.config.ts';
import { makeKeys } from '../../supabase/local/jwt.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { freshAccount } from './support/accounts.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

const SCREENS = join(tmpdir(), 'guap-screens', 'h-threadtools');

/** The page at 1280x800 and at 390x844, then back to the size it had. */
export async function screens(page: Page, name: string) {
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENS, `${name}-${viewport.width}x${viewport.height}.png`) });
  }
  await page.setViewportSize(size);
}

/** A thread with its opening post, written straight to the server, so each spec has a thread of its own. */
export async function freshThread(baseURL: string, authorId: string, title: string, categorySlug = 'guapcoin-general') {
  const service = await serviceClient(baseURL);
  const { data: category, error } = await service.from('categories').select('id').eq('slug', categorySlug).single();
  if (error) throw new Error(`no category ${categorySlug}: ${error.message}`);
  const id = randomUUID();
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}`;
  const thread = await service
    .from('threads')
    .insert({ id, title, slug, category_id: category.id, author_id: authorId });
  if (thread.error) throw new Error(`thread insert failed: ${thread.error.message}`);
  const content = `The opening post of ${title}.`;
  const post = await service
    .from('posts')
    .insert({ thread_id: id, author_id: authorId, content, type: 'thread', is_first_post: true });
  if (post.error) throw new Error(`post insert failed: ${post.error.message}`);
  return { id, slug, title, content };
}

/** A confirmed member made by the auth admin API, with a supabase-js client signed in as them. */
export async function freshMember(baseURL: string, prefix: string) {
  const account = freshAccount(prefix);
  const service = await serviceClient(baseURL);
  const { data, error } = await service.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: { username: account.username },
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  const { anonKey } = await makeKeys(E2E_JWT_SECRET, baseURL);
  const client: SupabaseClient = createClient(baseURL, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  return { ...account, id: data.user.id, client };
}

/**
 * Makes a member established, so that three of their reports hide a post: trust level 2, set by hand (the service
 * role writes public.trust_level_locks), joined long enough ago and liked enough as well.
 */
export async function giveStanding(baseURL: string, id: string) {
  const service = await serviceClient(baseURL);
  const { error: updateError } = await service
    .from('profiles')
    .update({ created_at: new Date(Date.now() - 4 * 86_400_000).toISOString(), reputation: 15 })
    .eq('id', id);
  if (updateError) throw new Error(`giving standing failed: ${updateError.message}`);
  await giveTrustLevel(baseURL, id, 2);
}

/** Sets a member's trust level by hand: level 1 may report, level 0 (a new account) may not. */
export async function giveTrustLevel(baseURL: string, id: string, level: number) {
  const service = await serviceClient(baseURL);
  const { error } = await service
    .from('trust_level_locks')
    .upsert({ member_id: id, level }, { onConflict: 'member_id' });
  if (error) throw new Error(`setting the trust level failed: ${error.message}`);
}

/** A new browser context (another device) signed in as this account. */
export async function signedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInQuickly(page, account);
  return { context, page };
}

interface ServerThread {
  is_pinned: boolean;
  is_locked: boolean;
  categories: { slug: string };
}

/** Waits until the server holds the thread so: the moderator's writes have landed, whatever their screen shows. */
export async function expectServerThread(baseURL: string, id: string, expected: Partial<ServerThread>) {
  const service = await serviceClient(baseURL);
  await expect
    .poll(async () => {
      const { data } = await service.from('threads').select('is_pinned, is_locked, categories(slug)').eq('id', id);
      return data?.[0];
    })
    .toMatchObject(expected);
}
