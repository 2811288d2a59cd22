// /local/v1 and /local/mail: endpoints that exist only in the local stack (config for the app and tests, the mailbox).
// The config URL is the origin the caller reached us on, so localhost and 127.0.0.1 both stay same-origin.
import type { StackContext } from './context.ts';
import { ApiError, header, type ApiRequest, type ApiResponse } from './http.ts';
import { readMail, type StoredMail } from './mail.ts';
import { isLoopbackHost } from './secret.ts';
import type { EmbeddedConfig } from './web/embeddedConfig.ts';

/**
 * Whether a browser sent this from a page of another origin. Browsers say so in Sec-Fetch-Site ("none" is a typed
 * address or a bookmark); older ones only in Origin. A request with neither is no page's (curl, a test).
 */
function fromAnotherOrigin(req: ApiRequest, ctx: StackContext): boolean {
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = header(req, 'origin');
  return origin !== undefined && origin !== req.url.origin && origin !== new URL(ctx.siteUrl).origin;
}

/**
 * The mailbox holds links that sign people in, so it is only for this machine: served on a loopback HOST (or when
 * EXPOSE_MAILBOX asks), and only under a loopback name, so a page whose own name was made to point at 127.0.0.1 (DNS
 * rebinding) is not "same origin" with it.
 */
function assertMailboxServed(req: ApiRequest, ctx: StackContext): void {
  if (ctx.mailbox === 'off') {
    throw new ApiError(404, {
      message: 'The local mailbox is served only on a loopback HOST; set EXPOSE_MAILBOX=true to serve it here.',
    });
  }
  if (ctx.mailbox === 'loopback' && !isLoopbackHost(req.url.hostname)) {
    throw new ApiError(403, { message: 'The local mailbox answers only at localhost or 127.0.0.1.' });
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Only http(s) links become clickable; anything else is shown as text. */
const linkHtml = (href: string) =>
  /^https?:\/\//i.test(href)
    ? `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`
    : `<span>${escapeHtml(href)}</span>`;

function mailPage(mails: StoredMail[], to: string | undefined): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p>
  <pre>${escapeHtml(m.text)}</pre>
  <ul>${m.links.map((l) => `<li>${linkHtml(l)}</li>`).join('')}</ul>
</article>`,
    )
    .join('\n');
  const title = to ? `Local mailbox: ${escapeHtml(to)}` : 'Local mailbox';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem 0.5rem; margin: 1rem 0; }
  .meta { color: #555; font-size: 0.9rem; }
  pre { white-space: pre-wrap; word-break: break-word; }
</style>
</head>
<body>
<h1>${title}</h1>
<p>Mails the local stack would have sent, newest first. Nothing leaves this machine.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

/** The local endpoints answer only pages of their own origin, and callers that are no page (the stack, a test). */
export function assertOwnOrigin(req: ApiRequest, ctx: StackContext): void {
  if (fromAnotherOrigin(req, ctx)) {
    throw new ApiError(403, { message: 'The local endpoints answer only pages of their own origin.' });
  }
}

/** What the app needs of the backend but its URL: answered at /local/v1/config, and written into the app's HTML. */
export function embeddedConfigOf(ctx: StackContext): EmbeddedConfig {
  return {
    // The publishable key, as hosted's docs have apps use: it works whether or not the legacy keys are on.
    anonKey: ctx.keys.api.publishableKey,
    vapidPublicKey: ctx.vapidPublicKey,
    ...(Object.keys(ctx.wallet).length > 0 && { wallet: { ...ctx.wallet } }),
  };
}

export async function handleLocal(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  assertOwnOrigin(req, ctx);
  const get = req.method === 'GET' || req.method === 'HEAD';
  const mailbox = req.path === '/v1/mail' || req.path === '/mail' || req.path === '/mail/';
  if (get && mailbox) assertMailboxServed(req, ctx);
  const to = req.url.searchParams.get('to') || undefined;
  if (get && req.path === '/v1/config') {
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: { url: req.url.origin, ...embeddedConfigOf(ctx) },
    };
  }
  if (get && req.path === '/v1/mail') {
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: await readMail(ctx.db, to) };
  }
  if (get && (req.path === '/mail' || req.path === '/mail/')) {
    return {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
      body: mailPage(await readMail(ctx.db, to), to),
    };
  }
  throw new ApiError(404, { message: `No local endpoint ${req.method} ${req.path}` });
}
