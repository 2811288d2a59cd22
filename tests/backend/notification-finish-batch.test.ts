// finish_notification_deliveries(): the sender records a whole batch's outcomes in one call. The service
// role alone may; each outcome moves only a delivery being sent, once; a malformed batch changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let replier: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  author = await createMember(stack);
  replier = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

interface Row {
  id: string;
  state: string;
  attempts: number;
  last_error: string | null;
  wait_s: number;
}
const rowsOf = async (ids: string[]) =>
  (
    await stack.db.query<Row>(
      `select id, state, attempts, last_error, extract(epoch from next_attempt_at - now())::float8 as wait_s
       from public.notification_deliveries where id = any ($1) order by array_position($1, id)`,
      [ids],
    )
  ).rows;
/** Three claimed email deliveries, for three replies to author's thread. */
async function claimThree(): Promise<string[]> {
  await stack.service().rpc('claim_notification_deliveries', { max_rows: 1000 });
  const threadId = await makeThread(stack, author.id);
  for (let i = 0; i < 3; i += 1) await makeReply(stack, threadId, replier.id);
  const { data, error } = await stack.service().rpc('claim_notification_deliveries', { max_rows: 1000 });
  expect(error).toBeNull();
  return (data as { delivery_id: string }[]).map((d) => d.delivery_id);
}
const finishAll = (results: unknown, client = stack.service()) =>
  client.rpc('finish_notification_deliveries', { results });

describe('finish_notification_deliveries', () => {
  it('records sent, retried with backoff and given up in one call, and only once', async () => {
    const [sent, retried, gone] = await claimThree();
    const results = [
      { id: sent, outcome: 'sent' },
      { id: retried, outcome: 'retry', error: 'Mail API answered 503' },
      { id: gone, outcome: 'permanent', error: 'The recipient has no push subscription left' },
    ];
    const { data, error } = await finishAll(results);
    expect(error).toBeNull();
    expect(data).toEqual(
      expect.arrayContaining([
        { delivery_id: sent, state: 'sent' },
        { delivery_id: retried, state: 'queued' },
        { delivery_id: gone, state: 'failed' },
      ]),
    );
    const rows = await rowsOf([sent!, retried!, gone!]);
    expect(rows.map((r) => [r.state, r.attempts, r.last_error])).toEqual([
      ['sent', 1, null],
      ['queued', 1, 'Mail API answered 503'],
      ['failed', 1, 'The recipient has no push subscription left'],
    ]);
    expect(rows[1]!.wait_s).toBeGreaterThan(25);
    expect(rows[1]!.wait_s).toBeLessThan(35);
    // Already finished: nothing changes, and the answer lists nothing.
    expect(await finishAll([{ id: sent, outcome: 'retry', error: 'late' }])).toMatchObject({ error: null, data: [] });
    expect((await rowsOf([sent!]))[0]).toMatchObject({ state: 'sent', last_error: null });
  });

  it('refuses a malformed batch with a 400 and changes nothing', async () => {
    const ids = await claimThree();
    for (const results of [
      { id: ids[0], outcome: 'sent' },
      [
        { id: ids[0], outcome: 'sent' },
        { id: ids[1], outcome: 'delivered' },
      ],
      [{ id: ids[0], outcome: 'sent' }, { outcome: 'sent' }],
      [{ id: 'not-a-uuid', outcome: 'sent' }],
      Array.from({ length: 1001 }, () => ({ id: randomUUID(), outcome: 'sent' })),
    ]) {
      const { status, error } = await finishAll(results);
      expect([status, error?.code]).toEqual([400, expect.stringMatching(/^22/)]);
    }
    expect((await rowsOf(ids)).map((r) => r.state)).toEqual(['sending', 'sending', 'sending']);
  });

  it('is refused to members and visitors, changing nothing', async () => {
    const ids = await claimThree();
    for (const client of [author.client, stack.anon()]) {
      const { error } = await finishAll([{ id: ids[0], outcome: 'sent' }], client);
      expect(error?.code).toBe('42501');
    }
    expect((await rowsOf(ids)).map((r) => r.state)).toEqual(['sending', 'sending', 'sending']);
  });
});
