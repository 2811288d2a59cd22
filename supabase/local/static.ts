// Serves the built app: files as they are, and index.html for every client-side route.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { ApiResponse } from './http.ts';

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

async function fileIfExists(path: string): Promise<Buffer | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? await readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

function decoded(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

export async function serveStatic(root: string, pathname: string): Promise<ApiResponse> {
  const plain = decoded(pathname);
  if (plain === undefined) return { status: 400, body: 'Bad request' };
  const safe = normalize(plain).replace(/^([/\\])+/, '');
  const path = join(root, safe);
  if (!path.startsWith(normalize(root + sep)) && path !== normalize(root)) return { status: 404, body: 'Not found' };
  const file = await fileIfExists(path);
  if (file) {
    // Hashed build assets never change; everything else is revalidated so updates reach members.
    const immutable = safe.startsWith('assets/');
    return {
      status: 200,
      headers: {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      body: file,
    };
  }
  if (extname(safe)) return { status: 404, body: 'Not found' };
  const index = await fileIfExists(join(root, 'index.html'));
  if (!index) return { status: 503, body: 'The app is not built: run npm run build.' };
  return { status: 200, headers: { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' }, body: index };
}
