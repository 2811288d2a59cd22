// What every write of the screens shares: it lands in the mirror and the outbox at once, then the engine sends it.
import type { WriteContext } from '../../sync/outbox.ts';
import type { SyncEngine } from '../../sync/engine.ts';

class SignedOutError extends Error {
  constructor() {
    super('You must be signed in to do this.');
  }
}

async function writeAs<T>(engine: SyncEngine, ctx: WriteContext, fn: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const result = await fn(ctx);
  engine.kick();
  return result;
}

/** Runs a write as the signed-in member (once the engine knows them), then wakes the engine to send it. */
export async function runWrite<T>(engine: SyncEngine, fn: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const ctx = await engine.writerOnceStarted();
  if (!ctx) throw new SignedOutError();
  return writeAs(engine, ctx, fn);
}

/** The same for a write a visitor's screen makes too (a post seen), which signed out does nothing. */
export async function runWriteIfSignedIn<T>(
  engine: SyncEngine,
  fn: (ctx: WriteContext) => Promise<T>,
): Promise<T | undefined> {
  const ctx = await engine.writerOnceStarted();
  return ctx ? writeAs(engine, ctx, fn) : undefined;
}
