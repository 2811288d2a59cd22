// A first page's rows as the local stack writes them into the HTML it serves: read as a visitor through RLS, with
// nothing private, and escaped so that no title can close the JSON's <script> element.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFirstPage } from '../../supabase/local/web/firstPage.ts';
import { scriptsAfterPaint } from '../../supabase/local/web/scriptsAfterPaint.ts';
import { readFirstRows } from '../../supabase/local/web/firstPageRows.ts';
import { withRootMarkup } from '../../src/ssr/rootMarkup.ts';
import * as renderer from '../../src/ssr/renderFirstPage.tsx';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

const HOSTILE = '</script><script>alert(1)</script>';
const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

let stack: TestStack;
let author: TestMember;
let threadId: string;
let hiddenReply: string;

beforeAll(async () => {
  stack = await startTestStack();
  author = await createMember(stack);
  threadId = await makeThread(stack, author.id, { title: HOSTILE });
  await makeReply(stack, threadId, author.id, 'A reply anyone may read');
  hiddenReply = await makeReply(stack, threadId, author.id, 'Words reports hid from visitors');
  // As members' reports hide a post: its words move to post_holds, which staff and the author read.
  await stack.db.query(
    `insert into public.post_holds (post_id, content) values ($1, 'Words reports hid from visitors')`,
    [hiddenReply],
  );
  await stack.db.query(`update public.posts set hidden_at = now(), content = '' where id = $1`, [hiddenReply]);
});
afterAll(async () => {
  await stack?.close();
});

const slugOf = async (id: string) =>
  (await stack.db.query<{ slug: string }>(`select slug from public.threads where id = $1`, [id])).rows[0]!.slug;

describe('the rows of a first page', () => {
  it("reads a thread by its slug or id with its first posts and the authors' public profiles", async () => {
    const slug = await slugOf(threadId);
    for (const route of [renderer.firstPageRoute(`/t/${slug}`)!, renderer.firstPageRoute(`/thread/${threadId}`)!]) {
      const rows = (await readFirstRows(stack.db, route, renderer))!;
      expect(rows.threads.map((t) => t.title)).toEqual([HOSTILE]);
      expect(rows.posts.map((p) => p.post_number)).toEqual([1, 2, 3]);
      expect(rows.profiles.map((p) => p.username)).toEqual([author.username]);
      // The member's private columns never reach a visitor's page.
      expect(Object.keys(rows.profiles[0]!)).not.toContain('email');
      expect(rows.profiles[0]).not.toHaveProperty('notification_preferences');
    }
  });

  it('gives a hidden post to a visitor as RLS does: its words held back', async () => {
    const rows = (await readFirstRows(stack.db, renderer.firstPageRoute(`/thread/${threadId}`)!, renderer))!;
    const hidden = rows.posts.find((p) => p.id === hiddenReply)!;
    expect(hidden.hidden_at).not.toBeNull();
    expect(JSON.stringify(rows)).not.toContain('Words reports hid from visitors');
  });

  it('has no rows for a thread that does not exist or an id that is not one, and no address outside the four', async () => {
    expect(await readFirstRows(stack.db, renderer.firstPageRoute('/t/no-such-thread')!, renderer)).toBeUndefined();
    expect(await readFirstRows(stack.db, renderer.firstPageRoute('/thread/not-a-uuid')!, renderer)).toBeUndefined();
    expect(renderer.firstPageRoute('/category/not-a-type')).toBeUndefined();
    expect(renderer.firstPageRoute('/settings')).toBeUndefined();
    expect(renderer.firstPageRoute('/t/%E0%A4%A')).toBeUndefined();
  });

  it("reads home's latest threads and each type's count, and a category's threads and its type's count", async () => {
    const home = (await readFirstRows(stack.db, { page: 'home' }, renderer))!;
    expect(home.threads[0]!.title).toBe(HOSTILE);
    const counted = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.threads t join public.categories c on c.id = t.category_id
       where c.type = 'guapcoin'`,
    );
    expect(home.threadCounts.guapcoin).toBe(counted.rows[0]!.n);
    const category = (await readFirstRows(stack.db, { page: 'category', type: 'guapcoin' }, renderer))!;
    expect(category.threads.length).toBeGreaterThan(0);
    const types = new Map(category.categories.map((c) => [c.id, c.type]));
    expect(category.threads.every((t) => types.get(t.category_id) === 'guapcoin')).toBe(true);
    expect(category.categoryType).toBe('guapcoin');
    expect(category.threadCounts).toEqual({ guapcoin: counted.rows[0]!.n });
  });

  it('writes a hostile title into the HTML as text and as JSON that cannot close its script element', async () => {
    const route = renderer.firstPageRoute(`/thread/${threadId}`)!;
    const rows = (await readFirstRows(stack.db, route, renderer))!;
    const html = withFirstPage(
      INDEX,
      await renderer.renderFirstPage(`/thread/${threadId}`, route, rows),
      rows,
      renderer,
    )!;
    // One script element only, the rows' own, and it ends where its JSON ends.
    expect(html.match(/<script/g)).toHaveLength(1);
    const json = /<script id="first-rows" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json).threads[0].title).toBe(HOSTILE);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('A reply anyone may read');
  });

  it('takes the place of the shell the build wrote into the root, and keeps what follows the root', async () => {
    const shelled = withRootMarkup(INDEX, renderer.renderShell(), '<script>after()</script>')!;
    expect(shelled).toContain('class="skeleton"');
    const route = renderer.firstPageRoute(`/thread/${threadId}`)!;
    const rows = (await readFirstRows(stack.db, route, renderer))!;
    const html = withFirstPage(
      shelled,
      await renderer.renderFirstPage(`/thread/${threadId}`, route, rows),
      rows,
      renderer,
    )!;
    expect(html).not.toContain('class="skeleton"');
    expect(html).toContain('A reply anyone may read');
    // The root, then the rows' JSON, then what came after the shell, once each.
    const root = html.indexOf('<div id="root">');
    const json = html.indexOf('<script id="first-rows"');
    const after = html.indexOf('<script>after()</script>');
    expect(root).toBeGreaterThan(0);
    expect(json).toBeGreaterThan(root);
    expect(after).toBeGreaterThan(json);
    expect(html.split('<div id="root">')).toHaveLength(2);
    expect(html.split('<script>after()</script>')).toHaveLength(2);
  });
});

describe("a first page's scripts", () => {
  const built =
    '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react-B.js">\n' +
    '<link rel="stylesheet" crossorigin href="/assets/index-C.css">\n' +
    '<script>((head) => {\n  const screens = [];\n})(document.head);</script>\n' +
    '</head><body><div id="root"><h1>Thread</h1></div></body></html>';

  it('start after the first paint: none is in the head, and the loader at the end of the body names them all', () => {
    const html = scriptsAfterPaint(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).toContain('index-C.css');
    const loader = html.slice(html.indexOf('<h1>Thread</h1>'));
    expect(loader).toContain('"/assets/index-A.js"');
    expect(loader).toContain('"/assets/react-B.js"');
    expect(loader).toContain('const screens = [];');
    expect(loader).toContain('})(head);');
    expect(loader).toContain('requestAnimationFrame');
  });

  it('stay as they are in a head the build did not write', () => {
    const plain = '<html><head><script src="/other.js"></script></head><body></body></html>';
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });
});
