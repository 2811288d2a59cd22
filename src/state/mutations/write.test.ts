// A member who writes before the engine has started (it starts once the first screen is idle) is not told they are
// signed out: the write waits for the stored session, and lands as theirs.
import type { Session } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import type { ForumClient } from '../../backend/client.ts';
import { runWrite, runWriteIfSignedIn } from './write.ts';
import { enqueueReply } from '../../sync/outbox.ts';
import { testEngine } from '../../sync/testEngine.ts';

/** A client whose stored session is `userId`'s, or nobody's. */
function clientOf(userId: string | null): ForumClient {
  const session = userId ? ({ user: { id: userId } } as Session) : null;
  const auth = {
    getSession: () => Promise.resolve({ data: { session }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  };
  return { auth } as unknown as ForumClient;
}

const reply = (content: string) => (ctx: Parameters<typeof enqueueReply>[0]) =>
  enqueueReply(ctx, { threadId: 't1', content, images: [] });

it('a reply sent before the engine starts waits for the stored session, then lands as its member', async () => {
  const { db, engine } = await testEngine([], { client: clientOf('u1'), online: false });
  const written = runWrite(engine, reply('Typed before the engine started'));
  await engine.start();
  const id = await written;
  expect((await db.posts.get(id))?.author_id).toBe('u1');
  expect(await db.outbox.where('userId').equals('u1').count()).toBe(1);
  engine.stop();
});

it('with no stored session, the write is refused once the session is read, and nothing waits', async () => {
  const { db, engine } = await testEngine([], { client: clientOf(null), online: false });
  const refused = expect(runWrite(engine, reply('Nobody is signed in'))).rejects.toThrow(
    'You must be signed in to do this.',
  );
  await engine.start();
  await refused;
  expect(await db.outbox.count()).toBe(0);
  expect(await db.posts.count()).toBe(0);
  engine.stop();
});

it("a visitor's seen post, asked for before the start, is dropped without an error; a member's lands", async () => {
  const visitor = await testEngine([], { client: clientOf(null), online: false });
  const dropped = runWriteIfSignedIn(visitor.engine, reply('A visitor cannot write'));
  await visitor.engine.start();
  expect(await dropped).toBeUndefined();
  expect(await visitor.db.outbox.count()).toBe(0);
  visitor.engine.stop();
  const member = await testEngine([], { client: clientOf('u2'), online: false });
  const written = runWriteIfSignedIn(member.engine, reply('Seen before the start'));
  await member.engine.start();
  expect((await member.db.posts.get((await written)!))?.author_id).toBe('u2');
  member.engine.stop();
});
