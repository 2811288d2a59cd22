// Shared steps of the auth tests: reading the local mailbox, following mail links, and fresh unconfirmed accounts.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './stack.ts';

export interface MailJson {
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

export async function mailsTo(stack: TestStack, email: string): Promise<MailJson[]> {
  const res = await fetch(`${stack.url}/local/v1/mail?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as MailJson[];
}

export async function lastLink(stack: TestStack, email: string): Promise<string> {
  const [mail] = await mailsTo(stack, email);
  const link = mail?.links[0];
  if (!link) throw new Error(`no mail with a link for ${email}`);
  return link;
}

/** Follows a mail link the way a browser would start to: one request, no redirect followed. */
export async function follow(link: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: new URL(res.headers.get('location') ?? 'about:blank') };
}

export function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

let counter = 0;

export function freshEmail(label = 'user'): string {
  counter += 1;
  return `${label}${process.pid}x${counter}x${Date.now() % 100000}@example.test`;
}

export async function signUpUnconfirmed(
  client: SupabaseClient,
  email = freshEmail(),
  password = 'correct-horse-7',
  options: { emailRedirectTo?: string; data?: Record<string, unknown> } = {},
) {
  const { data, error } = await client.auth.signUp({ email, password, options: { data: {}, ...options } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { email, password, id: data.user.id, user: data.user, session: data.session };
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}
