// The page the server painted stays while the app starts: the first post of a thread and the first row of home and of
// a category are the same nodes, with the same words, from the first byte until the app is interactive; no loading
// state shows in between, and the category cards' counts do not move. Recorded by a MutationObserver installed before
// the HTML arrives, at both sizes and with the CPU throttled 4x, as a phone would start.
import { expect, test, type Page } from './support/test.ts';
import { MEMBER_ID, SEEDED, serviceClient } from './pages/ThreadPage.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';

interface Watch {
  /** The node the test follows, as the HTML parser first inserted it. */
  target: string;
  /** The category cards' texts, when the page has them: each change is recorded. */
  cards?: string;
}

interface Record {
  firstAt: number | null;
  startedAt: number | null;
  sameNode: boolean;
  connected: boolean;
  textBefore: string | null;
  textAfter: string | null;
  loading: string[];
  cards: string[];
}

/** Installed before the page's first byte: follows the target node and records every loading state and count. */
function observe({ target, cards }: Watch) {
  const w = window as unknown as { __stays: { first: Element | null; text: string | null; at: number | null } };
  const state = { first: null as Element | null, text: null as string | null, at: null as number | null };
  w.__stays = state;
  const loading: string[] = [];
  const counts: string[] = [];
  Object.assign(window, { __staysLoading: loading, __staysCards: counts });
  // The parser may stop inside a node and paint it half filled: it is whole once a node follows it, or parsing is done.
  const parsedPast = (node: Node) => {
    for (let n: Node | null = node; n; n = n.parentNode) if (n.nextSibling) return true;
    return document.readyState !== 'loading';
  };
  const check = () => {
    if (!state.first) {
      const found = document.querySelector(target);
      if (found && parsedPast(found)) {
        state.first = found;
        state.text = found.textContent;
        state.at = performance.now();
      }
    }
    const main = document.querySelector('main');
    if (main) {
      const text = main.textContent ?? '';
      if (text.includes('Loading thread')) loading.push('Loading thread…');
      if (main.querySelector('.skeleton, [aria-busy="true"]')) loading.push('skeleton');
    }
    // The cards as a whole, once the parser is past the last of them: a parser stopped inside the cards painted some.
    const shown = cards ? [...document.querySelectorAll(cards)] : [];
    if (shown.length > 0 && parsedPast(shown[shown.length - 1]!)) {
      const now = shown.map((c) => c.textContent?.trim()).join(' | ');
      if (counts[counts.length - 1] !== now) counts.push(now);
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

async function visit(page: Page, path: string, watch: Watch): Promise<Record> {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observe, watch);
  await page.goto(path);
  // The app marks its root once its first render is committed and its handlers are attached.
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  const record = await page.evaluate((target) => {
    const w = window as unknown as {
      __stays: { first: Element | null; text: string | null; at: number | null };
      __staysLoading: string[];
      __staysCards: string[];
    };
    const { first, text, at } = w.__stays;
    return {
      firstAt: at,
      startedAt: Number(document.documentElement.dataset.appStartedAt ?? NaN),
      sameNode: first !== null && document.querySelector(target) === first,
      connected: first?.isConnected ?? false,
      textBefore: text,
      textAfter: first?.textContent ?? null,
      loading: [...new Set(w.__staysLoading)],
      cards: w.__staysCards,
    };
  }, watch.target);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // In words (a development build) or as a production build's numbers: 418 to 425 are hydration's.
  expect(errors.filter((e) => /hydrat|did(n't| not) match|Minified React error #4(1[89]|2[0-5])/i.test(e))).toEqual([]);
  return record;
}

/** `memberParts`: a member's own parts (a post's Quote and Report) may follow the painted words by then, in place. */
function expectStayed(record: Record, { memberParts = false } = {}) {
  expect(record.firstAt, 'the HTML painted the node').not.toBeNull();
  expect(record.connected, 'the painted node is still in the document').toBe(true);
  expect(record.sameNode, 'the app kept the painted node, not a copy').toBe(true);
  if (memberParts) expect(record.textAfter?.startsWith(record.textBefore!)).toBe(true);
  else expect(record.textAfter).toBe(record.textBefore);
  expect(record.loading, 'no loading state showed between the paint and the app').toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}, the CPU throttled 4x`, () => {
    test.use({ viewport, serviceWorkers: 'block' });

    test("a thread's first post stays through the app's start", async ({ page }) => {
      const record = await visit(page, `/t/${SEEDED.mega}`, { target: 'main article' });
      expectStayed(record);
      expect(record.textAfter).toContain('Keep all the short-term price talk here');
    });

    test("home's first row stays, and the category counts do not move", async ({ page }) => {
      const record = await visit(page, '/', {
        target: 'main section[aria-labelledby="recent-heading"] li',
        cards: 'main section[aria-labelledby="categories-heading"] a',
      });
      expectStayed(record);
      expect(record.cards).toHaveLength(1);
      expect(record.cards[0]).toMatch(/\d+ threads?/);
    });

    test("a category's first thread row stays through the app's start", async ({ page }) => {
      const record = await visit(page, '/category/guapcoin', { target: 'main li:has(a[href^="/t/"])' });
      expectStayed(record);
      expect(record.textAfter).toMatch(/Replies\s*\d+/);
    });
  });
}

// A member's first render is a visitor's, as the server's page is; the member's own parts (the header's account menu,
// the reply box) come in the render after, in place.
test.describe('signed in, at 390x844, the CPU throttled 4x', () => {
  test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

  test.beforeEach(async ({ page }) => {
    await new AuthPage(page).open();
    await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
    await new Shell(page).expectSignedIn();
  });

  test("a member's thread keeps its first post through the app's start, and then shows the reply box", async ({
    page,
  }) => {
    const record = await visit(page, `/t/${SEEDED.mega}`, { target: 'main article' });
    expectStayed(record, { memberParts: true });
    await new Shell(page).expectSignedIn();
    await expect(page.getByRole('textbox', { name: 'Post a reply' })).toBeVisible();
    await expect(
      page
        .locator('main article')
        .first()
        .getByRole('button', { name: /^Quote / }),
    ).toBeVisible();
  });

  test("a member's home keeps its first row through the app's start", async ({ page }) => {
    const record = await visit(page, '/', { target: 'main section[aria-labelledby="recent-heading"] li' });
    expectStayed(record);
    await new Shell(page).expectSignedIn();
  });
});

test.describe('with the device clock two minutes ahead of the server, the CPU throttled 4x', () => {
  test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

  test("a thread posted a moment ago keeps the server's 'just now' through the app's start", async ({
    page,
    baseURL,
  }) => {
    const service = await serviceClient(baseURL!);
    const { data: category } = await service.from('categories').select('id').limit(1).single<{ id: string }>();
    const title = `Posted a moment ago ${Date.now()}`;
    const thread = await service
      .from('threads')
      .insert({ slug: `moment-${Date.now()}`, title, category_id: category!.id, author_id: MEMBER_ID });
    expect(thread.error).toBeNull();
    // The server renders a page again at most every two seconds: the home page of the test before may still be served.
    const served = async () => (await fetch(new URL('/', baseURL))).text();
    await expect.poll(async () => (await served()).includes(title)).toBe(true);
    // By this device's clock the thread is two minutes old: its first render still says what the server's said.
    await page.addInitScript(() => {
      const deviceNow = Date.now.bind(Date);
      Date.now = () => deviceNow() + 120_000;
    });
    const record = await visit(page, '/', { target: 'main section[aria-labelledby="recent-heading"] li' });
    expectStayed(record);
    expect(record.textAfter).toContain(title);
    expect(record.textAfter).toContain('just now');
  });
});

// The server writes dates in its own zone and numbers in its own locale; the reader's differ. At UTC+14 or at UTC-12,
// whatever the hour, a date older than a day falls on another day than the server's for one of the two.
for (const timezoneId of ['Etc/GMT-14', 'Etc/GMT+12']) {
  test.describe(`in the time zone ${timezoneId} with the locale de-DE, the CPU throttled 4x`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', timezoneId, locale: 'de-DE' });

    test("a thread's header keeps the server's date and counts through the app's start", async ({ page }) => {
      const record = await visit(page, `/t/${SEEDED.mega}`, { target: 'main header' });
      expectStayed(record);
      expect(record.textAfter).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    });

    test("a category's thread list keeps the server's ages and dates through the app's start", async ({ page }) => {
      const record = await visit(page, '/category/guapcoin', { target: 'main ul:has(a[href^="/t/"])' });
      expectStayed(record);
      expect(record.textAfter).toMatch(/[A-Z][a-z]{2} \d{1,2}/);
    });
  });
}
