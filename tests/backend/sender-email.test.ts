// Email through the local stack's sender: a notification's mail lands in the local mailbox with who did
// what and a link to it, and a member whose email toggle is off gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMail } from '../../supabase/local/mail.ts';
import { createMember, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { deliveriesOf, postReply, sendMessage, setPreferences, settled, states } from './support/notifications.ts';
import { waitFor } from './support/waitFor.ts';

let stack: TestStack;
let author: TestMember;
let replier: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, sendNotifications: true });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  author = await createMember(stack);
  replier = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const mailbox = async (to: string) =>
  (await (await fetch(`${stack.url}/local/v1/mail?to=${encodeURIComponent(to)}`)).json()) as StoredMail[];
const mailsTo = (to: string, count: number) =>
  waitFor(
    () => mailbox(to),
    (m) => m.length >= count,
    `${count} mail(s)`,
  );
const noneQueued = async () =>
  (
    await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.notification_deliveries where state in ('queued', 'sending')`,
    )
  ).rows[0]!.n === 0;

describe('email', () => {
  it('mails a private message to its recipient, with the sender, the subject and a link to the message', async () => {
    const messageId = await sendMessage(replier, author, 'Meetup next week');
    const [mail] = await mailsTo(author.email, 1);
    const link = `${stack.url}/messages?message=${messageId}`;
    expect(mail).toMatchObject({
      to: author.email,
      subject: `${replier.username} sent you a message: Meetup next week · GuapCoin Forum`,
      links: expect.arrayContaining([link]),
    });
    expect(mail!.text).toContain('About Meetup next week: see you soon.');
    // The mail lands before the sender records it as sent: wait for that record.
    const deliveries = await waitFor(() => deliveriesOf(stack, 'message_id', messageId), settled, 'the mail recorded');
    expect(states(deliveries)).toEqual(['email:sent']);
  });

  it('mails a reply with the thread’s title and a link to the post', async () => {
    const threadId = await makeThread(stack, author.id, { title: 'Staking rewards' });
    const postId = await postReply(replier, threadId, 'Rewards are paid **weekly**.');
    const mails = await mailsTo(author.email, 2);
    expect(mails[0]).toMatchObject({
      subject: `${replier.username} replied in “Staking rewards” · GuapCoin Forum`,
      links: expect.arrayContaining([`${stack.url}/thread/${threadId}#post-${postId}`]),
    });
    expect(mails[0]!.text).toContain('“Rewards are paid weekly .”');
  });

  it('sends nothing to the mailbox of a member whose email on messages is off', async () => {
    const bystander = await createMember(stack);
    await setPreferences(stack, author, { emailMessages: false });
    const before = (await mailbox(author.email)).length;
    const muted = await sendMessage(replier, author, 'Muted subject');
    // Queued after the muted one: once its mail is in, the muted one would have been sent before it.
    await sendMessage(replier, bystander, 'Control subject');
    await mailsTo(bystander.email, 1);
    await waitFor(noneQueued, (done) => done, 'no delivery left to send');
    const mails = await mailbox(author.email);
    expect(mails).toHaveLength(before);
    expect(mails.map((m) => m.subject).join()).not.toContain('Muted subject');
    expect(await deliveriesOf(stack, 'message_id', muted)).toEqual([]);
  });
});
