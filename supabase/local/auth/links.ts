// Mail links and where they may send people: one-time token hashes, and the open-redirect guard on redirect_to.
import { createHash, randomInt } from 'node:crypto';
import type { StackContext } from '../context.ts';

export type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'email';

/** Links stop working after an hour, like a hosted project's default email OTP expiry. */
export const OTP_EXPIRY_SECONDS = 3600;

/** A 6-digit code for the mail and the hash GoTrue puts in links: hex sha224 of email + code. */
export function newOneTimeToken(email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, tokenHash: tokenHashOf(email, otp) };
}

export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a link may lead: a relative path, or the site's or the API's own origin. localhost and 127.0.0.1 on the same
 * port count as the same place, because the app may be opened under either name. Anything else falls back to the site.
 */
export function safeRedirect(ctx: StackContext, requested: string | null | undefined): string {
  if (!requested) return ctx.siteUrl;
  if (requested.startsWith('/') && !requested.startsWith('//') && !requested.startsWith('/\\')) {
    return new URL(requested, ctx.siteUrl).toString();
  }
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return ctx.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return ctx.siteUrl;
  for (const allowed of [ctx.siteUrl, ctx.apiUrl].map((u) => new URL(u))) {
    if (target.origin === allowed.origin) return target.toString();
    const loopbackTwin =
      target.protocol === allowed.protocol &&
      target.port === allowed.port &&
      LOOPBACK.has(target.hostname) &&
      LOOPBACK.has(allowed.hostname);
    if (loopbackTwin) return target.toString();
  }
  return ctx.siteUrl;
}

/**
 * GoTrue's IsRedirectURLValid for a signed message's URI: a URI on the site's host (or the API's) is allowed, and
 * localhost and 127.0.0.1 count as one host, as in safeRedirect. The stack has no further allow list.
 */
export function isAllowedUri(ctx: StackContext, uri: string): boolean {
  let host: string;
  try {
    host = new URL(uri).hostname;
  } catch {
    return false;
  }
  return [ctx.siteUrl, ctx.apiUrl]
    .map((u) => new URL(u).hostname)
    .some((allowed) => allowed === host || (LOOPBACK.has(allowed) && LOOPBACK.has(host)));
}

export function verifyLink(ctx: StackContext, tokenHash: string, type: VerifyType, redirectTo: string): string {
  const url = new URL(`${ctx.apiUrl}/auth/v1/verify`);
  url.searchParams.set('token', tokenHash);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/** Appends a fragment or query to a redirect target, replacing any fragment it had. */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}
