// Serves the built app: files as they are, and index.html for every client-side route. Text is sent brotli- or
// gzip-compressed as the client accepts, each file compressed once and kept in memory; every answer has an ETag.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ApiResponse } from '../http.ts';
import { preferredEncoding, type Encoding } from './acceptEncoding.ts';
import type { FirstPages } from './firstPage.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Text formats; png, jpeg, gif, webp and woff2 are compressed already and gain nothing. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.ico', '.txt']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed once per file, so the slowest, smallest settings are worth it. */
function compress(encoding: Encoding, raw: Buffer, fast = false): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: fast ? 6 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  }
  return gzipped(raw, { level: fast ? 6 : constants.Z_BEST_COMPRESSION });
}

interface CachedFile {
  /** Size and modification time of the file read: a rebuilt file is read again. */
  stamp: string;
  raw: Buffer;
  etag: string;
  /** Compressed bodies; undefined when compressing did not make it smaller. */
  encoded: Map<Encoding, Promise<Buffer | undefined>>;
  /** A page written per request: compressed with quicker settings than a file compressed once. */
  fast?: boolean;
  /** A page's own status (a thread not found); 200 otherwise. */
  status?: number;
}

/** First pages kept compressed. */
const KEPT_PAGES = 100;

function decoded(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** The entity tags a conditional request names (RFC 9110 §13.1.2), compared weakly: W/ aside. */
function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export interface StaticFiles {
  /** `client`: the requester's address, whose turn at the database a first page's read takes. */
  serve(pathname: string, headers: IncomingHttpHeaders, client?: string): Promise<ApiResponse>;
  /** Compresses every text file under the root ahead of the first request for it. */
  precompress(): Promise<void>;
}

/**
 * `indexHtml`: rewrites index.html as it is read (the stack writes the backend config into it); undefined leaves it as
 * built, for now: it is asked again at the next request.
 */
export function staticFiles(
  root: string,
  indexHtml: (html: string) => string | undefined = (html) => html,
  firstPage?: FirstPages,
): StaticFiles {
  const cache = new Map<string, CachedFile>();
  const indexPath = join(root, 'index.html');

  async function cachedFile(path: string): Promise<CachedFile | undefined> {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) {
      cache.delete(path);
      return undefined;
    }
    const stamp = `${info.size}-${info.mtimeMs}`;
    const known = cache.get(path);
    if (known?.stamp === stamp) return known;
    // Gone between the stat and the read: answered as any missing file.
    const read = await readFile(path).catch(() => undefined);
    if (!read) return undefined;
    const html = path === indexPath ? indexHtml(read.toString('utf8')) : undefined;
    const raw = html === undefined ? read : Buffer.from(html);
    // An index not rewritten yet is served as built and not kept.
    const kept = path !== indexPath || html !== undefined;
    const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`;
    const file: CachedFile = { stamp, raw, etag, encoded: new Map() };
    if (kept) cache.set(path, file);
    return file;
  }

  function encodedBody(file: CachedFile, encoding: Encoding): Promise<Buffer | undefined> {
    let body = file.encoded.get(encoding);
    if (!body) {
      body = compress(encoding, file.raw, file.fast).then(
        (out) => (out.length < file.raw.length ? out : undefined),
        (error: unknown) => {
          // Sent as it is this time; the next request tries again.
          console.warn(`[local stack] could not ${encoding}-compress a static file:`, error);
          file.encoded.delete(encoding);
          return undefined;
        },
      );
      file.encoded.set(encoding, body);
    }
    return body;
  }

  async function respond(path: string, file: CachedFile, headers: IncomingHttpHeaders): Promise<ApiResponse> {
    const ext = extname(path);
    // Hashed build assets never change; everything else (index.html, sw.js, the manifest) is revalidated each time.
    const immutable = relative(root, path).split(sep)[0] === 'assets';
    const out: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body = file.raw;
    let etag = file.etag;
    if (COMPRESSIBLE.has(ext)) {
      out.vary = 'Accept-Encoding';
      const encoding = preferredEncoding(headers['accept-encoding']);
      const compressed = encoding && (await encodedBody(file, encoding));
      if (encoding && compressed) {
        body = compressed;
        out['content-encoding'] = encoding;
        // Another representation of the same file: its own tag, so a cache never mixes the two.
        etag = `${file.etag.slice(0, -1)}-${encoding}"`;
      }
    }
    out.etag = etag;
    const status = file.status ?? 200;
    if (status === 200 && matchesTag(headers['if-none-match'], etag)) return { status: 304, headers: out };
    return { status, headers: out, body };
  }

  /** A client-side route's HTML with its first page; kept by content, so a page served again is not compressed again. */
  const pages = new Map<string, CachedFile>();
  async function pageFile(pathname: string, index: CachedFile, client: string): Promise<CachedFile | undefined> {
    const page = await firstPage?.html(pathname, index.raw.toString('utf8'), client).catch((error: unknown) => {
      // The page as built still works: the app reads the rows itself.
      console.warn('[local stack] could not write a first page into the HTML:', error);
      return undefined;
    });
    if (page === undefined) return undefined;
    const raw = Buffer.from(page.html);
    const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`;
    const known = pages.get(etag);
    if (known) return known;
    const file: CachedFile = { stamp: etag, raw, etag, encoded: new Map(), fast: true, status: page.status };
    pages.set(etag, file);
    if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!);
    return file;
  }

  async function serve(pathname: string, headers: IncomingHttpHeaders, client = ''): Promise<ApiResponse> {
    const plain = decoded(pathname);
    if (plain === undefined) return { status: 400, body: 'Bad request' };
    const safe = normalize(plain).replace(/^([/\\])+/, '');
    const path = join(root, safe);
    if (!path.startsWith(normalize(root + sep)) && path !== normalize(root)) return { status: 404, body: 'Not found' };
    const file = await cachedFile(path);
    if (file) return respond(path, file, headers);
    if (extname(safe)) return { status: 404, body: 'Not found' };
    const index = await cachedFile(indexPath);
    if (!index) return { status: 503, body: 'The app is not built: run npm run build.' };
    const page = await pageFile(plain, index, client);
    return respond(indexPath, page ?? index, headers);
  }

  async function precompress(): Promise<void> {
    const entries = await readdir(root, { recursive: true }).catch(() => []);
    for (const name of entries) {
      const path = join(root, name);
      if (!COMPRESSIBLE.has(extname(path))) continue;
      const file = await cachedFile(path);
      if (file) await Promise.all([encodedBody(file, 'br'), encodedBody(file, 'gzip')]);
    }
  }

  return { serve, precompress };
}
