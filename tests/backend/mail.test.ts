import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendMail } from '../../supabase/local/mail.ts';
import { mailsTo } from './auth-helpers.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
});
afterAll(() => stack.close());

test('GET /local/v1/mail lists the mails to one address, newest first, whatever the case of the address', async () => {
  await sendMail(stack.db, { to: 'reader@example.test', subject: 'first', text: 'one', links: [] });
  await sendMail(stack.db, { to: 'Reader@Example.test', subject: 'second', text: 'two', links: ['http://x.test/a'] });
  await sendMail(stack.db, { to: 'someone-else@example.test', subject: 'other', text: 'three', links: [] });
  const mails = await mailsTo(stack, 'READER@example.test');
  expect(mails.map((m) => m.subject)).toEqual(['second', 'first']);
  expect(mails[0]).toMatchObject({ to: 'Reader@Example.test', text: 'two', links: ['http://x.test/a'] });
  expect(new Date(mails[0]?.created_at ?? '').getTime()).not.toBeNaN();
});

test('GET /local/mail is an HTML page that escapes everything and makes only http links clickable', async () => {
  await sendMail(stack.db, {
    to: 'html@example.test',
    subject: '<script>alert(1)</script>',
    text: 'Hello <b>there</b> & "friends"',
    links: ['http://127.0.0.1/auth/v1/verify?token=a&type=signup', 'javascript:alert(1)'],
  });
  const res = await fetch(`${stack.url}/local/mail?to=html@example.test`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;friends&quot;');
  expect(html).toContain('<a href="http://127.0.0.1/auth/v1/verify?token=a&amp;type=signup">');
  expect(html).not.toContain('href="javascript:');
  expect(html).not.toContain('reader@example.test');
});

test('the sign-up mail is readable from both endpoints', async () => {
  const email = `mailbox${process.pid}@example.test`;
  await stack.anon().auth.signUp({ email, password: 'correct-horse-7' });
  const [mail] = await mailsTo(stack, email);
  expect(mail?.links).toHaveLength(1);
  const page = await (await fetch(`${stack.url}/local/mail`)).text();
  expect(page).toContain('Confirm your GuapCoin Forum account');
});
