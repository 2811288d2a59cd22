// The sender's settings, read once per call: the project (injected by hosted Supabase), the VAPID keys and the
// mail API (secrets), and the site that links point at.
import type { Env } from '../_shared/env.ts';
import { readProjectKeys } from '../_shared/projectKeys.ts';
import { testOriginsFrom } from './endpoint.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface MailSettings {
  /** Base URL of a Resend-compatible API: mails are POSTed to `${apiUrl}/emails`. */
  apiUrl: string;
  apiKey: string;
  from: string;
}

export interface SenderSettings {
  supabaseUrl: string;
  /** The secret key, else the legacy service_role key (projectKeys.ts). */
  serviceKey: string;
  /** Every key whose holder is the service role, which the caller must show. */
  serviceKeys: string[];
  /** Where links in mails and pushes lead, without a trailing slash. */
  siteUrl?: string;
  /** Why push cannot be sent, or the keys to send it with. */
  vapid: VapidDetails | string;
  mail: MailSettings | string;
  /** Extra certificate authorities (PEM) trusted for push service endpoints, e.g. a private push server's. */
  pushCaCert?: string;
  /** Test suites only: push service origins on this machine that pushes may go to (PUSH_TEST_ORIGINS). */
  pushTestOrigins: string[];
}

const DEFAULT_FROM = 'GuapCoin Forum <notifications@guapcoin.local>';

function vapidFrom(env: Env, siteUrl: string | undefined): VapidDetails | string {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  if (!publicKey || !privateKey) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set';
  // Push services want a contact: an https: page or a mailto: address.
  const subject = env('VAPID_SUBJECT') || (siteUrl?.startsWith('https://') ? siteUrl : undefined);
  if (!subject) return 'VAPID_SUBJECT is not set (an https: URL or a mailto: address), and SITE_URL is not https';
  return { subject, publicKey, privateKey };
}

function mailFrom(env: Env): MailSettings | string {
  const apiUrl = env('MAIL_API_URL');
  const apiKey = env('MAIL_API_KEY');
  if (!apiUrl || !apiKey) return 'MAIL_API_URL and MAIL_API_KEY are not set';
  return { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey, from: env('MAIL_FROM') || DEFAULT_FROM };
}

/** The settings, or the names of the missing ones without which nothing can be done. */
export function readSettings(env: Env): SenderSettings | string {
  const supabaseUrl = env('SUPABASE_URL');
  const keys = readProjectKeys(env);
  if (typeof keys === 'string') return keys;
  const { serviceKey, serviceKeys } = keys;
  if (!supabaseUrl || !serviceKey) {
    return 'SUPABASE_URL and a secret key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY) are not set';
  }
  const siteUrl = env('SITE_URL')?.replace(/\/+$/, '') || undefined;
  return {
    supabaseUrl,
    serviceKey,
    serviceKeys,
    siteUrl,
    vapid: vapidFrom(env, siteUrl),
    mail: mailFrom(env),
    pushCaCert: env('PUSH_CA_CERT') || undefined,
    pushTestOrigins: testOriginsFrom(env('PUSH_TEST_ORIGINS')),
  };
}
