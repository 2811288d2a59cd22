// Sends the trailing pokes locally, as pg_cron does on hosted (20261129001000_live_pokes_coalesced.sql): a write made
// while its topic's interval ran left a request, and public.send_due_pokes() pokes once the interval is over.
// A request can only be made within an interval that a poke opened, and every poke reaches this stack as a
// notification: each wakes the timer, which then looks again when that interval ends, and once more an interval
// later for a request whose transaction committed after the first look.
import type { Db } from './db.ts';
import { DueTimer } from './dueTimer.ts';

const NEXT_LOOK = `
  select (extract(epoch from min(at) - clock_timestamp()) * 1000)::float8 as ms
  from (
    select coalesce(p.sent_at + public.poke_interval(q.topic), q.requested_at) as at
    from public.live_poke_requests q
    left join public.live_pokes p on p.topic = q.topic
    union all
    select case
             when p.sent_at + public.poke_interval(p.topic) > clock_timestamp()
               then p.sent_at + public.poke_interval(p.topic)
             else p.sent_at + 2 * public.poke_interval(p.topic)
           end
    from public.live_pokes p
    where p.sent_at > clock_timestamp() - interval '1 minute'
      and p.sent_at + 2 * public.poke_interval(p.topic) > clock_timestamp()
  ) due`;

export interface PokeSender {
  /** Stops the timer and its listening, and waits for a run under way. */
  close(): Promise<void>;
}

/** A database with the Supabase bootstrap only (protocol tests) has no pokes to send: its sender does nothing. */
export async function pokeSender(db: Db): Promise<PokeSender> {
  const { rows: found } = await db.query<{ fn: string | null }>(
    `select to_regprocedure('public.send_due_pokes()')::text as fn`,
  );
  if (!found[0]?.fn) return { close: async () => undefined };
  const timer = new DueTimer({
    name: 'poke sender',
    async untilNextDue() {
      const { rows } = await db.query<{ ms: number | null }>(NEXT_LOOK);
      return rows[0]?.ms ?? undefined;
    },
    async run() {
      const { rows } = await db.query<{ sent: number }>('select public.send_due_pokes() as sent');
      // None sent although some were due: their topics are held by open transactions, which poke as they commit.
      return (rows[0]?.sent ?? 0) > 0;
    },
  });
  const unlisten = await db.listen('realtime', () => timer.wake());
  timer.wake();
  return {
    async close() {
      await unlisten();
      await timer.close();
    },
  };
}
