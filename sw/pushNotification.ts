// What the service worker shows for a push: the sender's payload { title, body, tag, url, notificationId }, exactly.
// A payload it cannot read still shows a notification (iOS revokes the permission of a site whose pushes stay
// silent), one that opens the app; and a link that leaves the forum's origin is not followed.
import { z } from 'zod';

const payloadSchema = z.object({
  title: z.string().min(1),
  body: z.string(),
  tag: z.string().min(1),
  url: z.string().min(1),
  notificationId: z.string().min(1),
});

interface ShownPush {
  title: string;
  options: NotificationOptions & { data: { url: string; notificationId: string | null } };
}

const FALLBACK = { title: 'GuapCoin Forum', body: 'You have a new notification.' };

/** The payload's url, as a path on this origin; anything else opens the home page. */
function sameOriginPath(url: string, origin: string): string {
  const target = new URL(url, origin);
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
}

/** `text` is the push's data as text (null without data); `origin` is the worker's own. */
export function notificationForPush(text: string | null, origin: string): ShownPush {
  const look = { icon: '/icons/icon-192.png', badge: '/icons/maskable-192.png' };
  let json: unknown = null;
  try {
    json = text === null ? null : JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) {
    return {
      title: FALLBACK.title,
      options: { ...look, body: FALLBACK.body, data: { url: '/', notificationId: null } },
    };
  }
  const { title, body, tag, url, notificationId } = parsed.data;
  return {
    title,
    options: { ...look, body, tag, data: { url: sameOriginPath(url, origin), notificationId } },
  };
}
