// What the service worker shows for a push payload (sw/pushNotification.ts).
import { describe, expect, it } from 'vitest';
import { notificationForPush } from '../../sw/pushNotification.ts';

const ORIGIN = 'https://forum.example';
const payload = {
  title: 'Ada L.',
  body: 'Lunch on Friday?',
  tag: 'message-m1',
  url: '/messages?message=m1',
  notificationId: 'n1',
};

describe('a push payload', () => {
  it('is shown exactly: the sender as title, the subject or excerpt as body, its tag, url and id', () => {
    const shown = notificationForPush(JSON.stringify(payload), ORIGIN);
    expect(shown.title).toBe('Ada L.');
    expect(shown.options).toMatchObject({
      body: 'Lunch on Friday?',
      tag: 'message-m1',
      data: { url: '/messages?message=m1', notificationId: 'n1' },
    });
  });

  it('keeps a full url on this origin as its path, and sends one elsewhere to the home page', () => {
    const own = notificationForPush(JSON.stringify({ ...payload, url: `${ORIGIN}/thread/t1#post-p1` }), ORIGIN);
    expect(own.options.data.url).toBe('/thread/t1#post-p1');
    const away = notificationForPush(JSON.stringify({ ...payload, url: 'https://evil.example/x' }), ORIGIN);
    expect(away.options.data.url).toBe('/');
  });

  it('still shows a notification that opens the app when the payload is missing, not JSON or incomplete', () => {
    for (const text of [null, 'not json', JSON.stringify({ title: 'Only a title' })]) {
      const shown = notificationForPush(text, ORIGIN);
      expect(shown.title).toBe('GuapCoin Forum');
      expect(shown.options).toMatchObject({ body: 'You have a new notification.', data: { url: '/' } });
    }
  });
});
