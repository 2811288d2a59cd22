// What a notification says, in a mail and in a push, and where a click on it leads.
import type { Delivery } from './delivery.ts';

const PRODUCT = 'GuapCoin Forum';

export const actorName = (d: Delivery) => d.actor_name?.trim() || 'Someone';

/** The app's address of what the notification is about: the message, or the post in its thread. */
export function targetPath(d: Delivery): string {
  if (d.kind === 'message') return `/messages?message=${d.message_id}`;
  return `/thread/${d.thread_id}#post-${d.post_id}`;
}

function headline(d: Delivery): string {
  const who = actorName(d);
  const title = `“${d.thread_title ?? 'a thread'}”`;
  switch (d.kind) {
    case 'message':
      return `${who} sent you a message: ${d.message_subject ?? ''}`.trim();
    case 'reply':
      return `${who} replied in ${title}`;
    case 'mention':
      return `${who} mentioned you in ${title}`;
    case 'like':
      return d.actor_count > 1
        ? `${who} and ${d.actor_count - 1} more liked your post in ${title}`
        : `${who} liked your post in ${title}`;
  }
}

/** Which setting a member turns off to stop these mails (likes send none). */
const SETTING: Record<Delivery['kind'], string> = {
  message: 'email on private messages',
  reply: 'email on replies',
  mention: 'email on mentions',
  like: 'email on replies',
};

export interface MailText {
  subject: string;
  text: string;
}

export function mailText(d: Delivery, siteUrl: string): MailText {
  const link = siteUrl + targetPath(d);
  const quoted = d.excerpt ? `\n\n“${d.excerpt}”` : '';
  const open = d.kind === 'message' ? 'Read the message' : 'Read the post';
  const text =
    `${headline(d)}.${quoted}\n\n${open}: ${link}\n\n` +
    `You get this mail because ${SETTING[d.kind]} is on. Change it in your settings: ${siteUrl}/settings`;
  return { subject: `${headline(d)} · ${PRODUCT}`, text };
}

/** The push message the service worker shows: keep these field names, the service worker reads them. */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
  notificationId: string;
}

export function pushPayload(d: Delivery): PushPayload {
  const isMessage = d.kind === 'message';
  return {
    title: actorName(d),
    body: (isMessage ? d.message_subject : d.excerpt) || headline(d),
    // One notification per conversation or thread on the device: a newer one replaces it.
    tag: isMessage ? `messages-${d.actor_id ?? 'unknown'}` : `thread-${d.thread_id}`,
    url: targetPath(d),
    notificationId: d.notification_id,
  };
}
