// A first visit's HTML for /, /category/{type}, /t/{slug} and /thread/{id}: the page's rows rendered into the root
// as markup the browser paints before any script runs (src/ssr, built beside the app by scripts/ssrBundle.ts), the
// same rows as JSON the app seeds its mirror from before its first render, and the page's styles inline, so the
// first paint needs nothing but the HTML. Without the server's bundle (a build made elsewhere) pages are served as
// built.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstRows } from '../../../src/data/firstRows.ts';
import { FIRST_SCREENS, firstPageRoute, type FirstPageRoute } from '../../../src/data/firstScreens.ts';
import { withRootMarkup } from '../../../src/ssr/rootMarkup.ts';
import { SSR_ENTRY_FILE, ssrOutDir } from '../../../scripts/ssrOutDir.ts';
import { bootChunkKeys } from '../../../scripts/bootChunks.ts';
import { disabledLinks } from '../../../scripts/disabledLinks.ts';
import type { Db } from '../db.ts';
import { scriptSafeJson } from './embeddedConfig.ts';
import { readFirstRows, UUID, type FirstPageColumns } from './firstPageRows.ts';
import { scriptsAfterPaint } from './scriptsAfterPaint.ts';

interface Renderer extends FirstPageColumns {
  FIRST_ROWS_SCRIPT_ID: string;
  firstPageRoute(pathname: string): FirstPageRoute | undefined;
  renderFirstPage(pathname: string, route: FirstPageRoute, rows: FirstRows): Promise<string> | string;
  renderThreadNotFound(pathname: string): string;
}

interface ViteManifestEntry {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
}

/** A page is rendered again at most this often: a burst of visitors to one thread costs one read. */
const FRESH_MS = 2_000;
/** Rendered pages kept, the oldest dropped first. */
const KEPT_PAGES = 200;

/** The stylesheets a module's chunk and its static imports carry, entry first. */
function stylesOf(manifest: Record<string, ViteManifestEntry>, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.imports ?? []).flatMap((k) => stylesOf(manifest, k, seen)), ...(entry.css ?? [])];
}

async function loadRenderer(staticDir: string): Promise<Renderer | undefined> {
  const file = join(ssrOutDir(staticDir), SSR_ENTRY_FILE);
  const found = await readFile(file).then(
    () => true,
    () => false,
  );
  if (!found) {
    console.warn(`[local stack] ${file} is missing: pages are served without their first rows`);
    return undefined;
  }
  return (await import(pathToFileURL(file).href)) as Renderer;
}

/**
 * The page's styles as one <style> element: the screen's own, and the entry's in the place of its render-blocking
 * stylesheet where the index still links it (the build inlines them: scripts/ssrBundle.ts). The screen's files get
 * disabled links, so the app's loader does not add them again when it imports the screen.
 */
async function inlineStyles(staticDir: string): Promise<(html: string, page: FirstPageRoute['page']) => string> {
  const manifest = JSON.parse(await readFile(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestEntry
  >;
  const read = async (files: string[]) =>
    (await Promise.all(files.map((f) => readFile(join(staticDir, f), 'utf8')))).join('\n');
  const entryStyles = stylesOf(manifest, 'index.html');
  const entryCss = await read([...new Set(entryStyles)]);
  // The start's stages' styles are inline in the index already (scripts/bootStages.ts).
  const startStyles = [...entryStyles, ...bootChunkKeys(manifest).flatMap((key) => stylesOf(manifest, key))];
  const byPage = new Map<string, { css: string; links: string }>();
  // Each page's screen module, as the router loads it: its chunk's styles go inline.
  for (const [page, { module }] of Object.entries(FIRST_SCREENS)) {
    const files = [...new Set(stylesOf(manifest, module).filter((f) => !startStyles.includes(f)))];
    byPage.set(page, { css: await read(files), links: disabledLinks(files.map((f) => `/${f}`)) });
  }
  const links = entryStyles.map((f) => new RegExp(`<link rel="stylesheet"[^>]*href="/${f}"[^>]*>`));
  return (html, page) => {
    const linked = links.some((link) => link.test(html));
    const screen = byPage.get(page);
    const css = `${linked ? `${entryCss}\n` : ''}${screen?.css ?? ''}`;
    // The markup can hold no '</style': the stylesheets are the build's own.
    let out = links.reduce((h, link) => h.replace(link, ''), html);
    const at = out.indexOf('</head>');
    const script = screen ? `<script>${screen.links}</script>` : '';
    out = `${out.slice(0, at)}<style>${css}</style>${script}${out.slice(at)}`;
    return out;
  };
}

/**
 * index.html with the page's markup in its root (in place of the shell the build put there) and the rows as JSON
 * beside it, escaped for the <script> element; undefined for an index with no root to fill.
 */
export function withFirstPage(
  indexHtml: string,
  markup: string,
  rows: FirstRows,
  ids: { FIRST_ROWS_SCRIPT_ID: string },
): string | undefined {
  const json = `<script id="${ids.FIRST_ROWS_SCRIPT_ID}" type="application/json">${scriptSafeJson(rows)}</script>`;
  return withRootMarkup(indexHtml, markup, json);
}

/**
 * The one address of the page `route` opens, whatever the spelling that led there (case, percent-encoding, a
 * trailing slash, /t/ or /thread/ before an id): pages are kept and rendered by it, so a thousand spellings of one
 * thread cost one render.
 */
export function canonicalPath(route: FirstPageRoute): string {
  if (route.page === 'home') return '/';
  if (route.page === 'category') return `/category/${route.type}`;
  if (UUID.test(route.idOrSlug)) return `/thread/${route.idOrSlug.toLowerCase()}`;
  return `/${route.byId ? 'thread' : 't'}/${encodeURIComponent(route.idOrSlug)}`;
}

/** A first page's HTML: 404 for a thread a visitor cannot read, whose page says so. */
export interface FirstPage {
  status: 200 | 404;
  html: string;
}

export interface FirstPages {
  /** index.html with the page's first rows, or undefined for an address that has none. */
  html(pathname: string, indexHtml: string, client: string): Promise<FirstPage | undefined>;
}

/** Waits for a client's turn at the database and resolves with the function that ends it (fairQueue.ts). */
export type DatabaseTurn = (client: string) => Promise<() => void>;

/** `turn`: a page's read waits its client's turn at the database, as that client's REST reads do. */
export function firstPages(db: Db, staticDir: string, turn?: DatabaseTurn): FirstPages {
  let setup: Promise<{ renderer: Renderer; styled: Awaited<ReturnType<typeof inlineStyles>> } | undefined> | undefined;
  const kept = new Map<string, { at: number; index: string; page: Promise<FirstPage | undefined> }>();

  async function render(pathname: string, indexHtml: string, client: string): Promise<FirstPage | undefined> {
    setup ??= loadRenderer(staticDir).then(async (renderer) =>
      renderer ? { renderer, styled: await inlineStyles(staticDir) } : undefined,
    );
    const ready = await setup;
    if (!ready) return undefined;
    const { renderer, styled } = ready;
    const route = firstPageRoute(pathname);
    if (!route) return undefined;
    const release = await turn?.(client);
    let rows: FirstRows | undefined;
    try {
      rows = await readFirstRows(db, route, renderer);
    } finally {
      release?.();
    }
    if (!rows) {
      // The app still starts on it: a thread made offline on this device opens from its mirror.
      const missing = withRootMarkup(indexHtml, renderer.renderThreadNotFound(pathname));
      return missing === undefined ? undefined : { status: 404, html: scriptsAfterPaint(styled(missing, route.page)) };
    }
    const markup = await renderer.renderFirstPage(pathname, route, rows);
    const html = withFirstPage(indexHtml, markup, rows, renderer);
    return html === undefined ? undefined : { status: 200, html: scriptsAfterPaint(styled(html, route.page)) };
  }

  return {
    html(address, indexHtml, client) {
      const route = firstPageRoute(address);
      if (!route) return Promise.resolve(undefined);
      const pathname = canonicalPath(route);
      const now = Date.now();
      const known = kept.get(pathname);
      if (known && known.index === indexHtml && now - known.at < FRESH_MS) return known.page;
      const page = render(pathname, indexHtml, client);
      kept.delete(pathname);
      kept.set(pathname, { at: now, index: indexHtml, page });
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
      // A failed read is not kept: the next visitor tries again.
      page.catch(() => kept.get(pathname)?.page === page && kept.delete(pathname));
      return page;
    },
  };
}
