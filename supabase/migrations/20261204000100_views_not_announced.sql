-- A view is not news. increment_thread_view_count() updates the thread's row, and the row trigger of
-- 20261129001000_live_pokes_coalesced.sql poked 'forum' for it: every open app pulled after every view anywhere
-- (on a busy forum, one pull round per open app each 1.25 s, for counters), and a visitor's own first visit pulled
-- a second time because of its own view. A view still moves the row's sync_txid, so the next pull any app makes
-- for another reason carries the new count; it announces nothing, as profiles' last_seen_at and counts do not
-- (20261129000100_live_updates.sql). Any other change to a thread pokes as before.
drop trigger zz_poke_forum on public.threads;

create trigger zz_poke_forum after insert or delete on public.threads
  for each row execute function public.poke_forum();

create trigger zz_poke_forum_update after update on public.threads
  for each row
  when ((to_jsonb(old) - array['view_count', 'updated_at', 'sync_txid'])
    is distinct from (to_jsonb(new) - array['view_count', 'updated_at', 'sync_txid']))
  execute function public.poke_forum();
