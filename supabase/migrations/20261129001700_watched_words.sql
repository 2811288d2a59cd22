-- Watched words: lists, one per action, that admins keep in public.watched_words, checked by the database on posts,
-- thread titles, private messages and profile fields (display name, bio, username) of every member but staff.
--   * block: the write is refused (SQLSTATE 22023, HTTP 400) with a message naming the word, and nothing changes;
--   * censor: the word is replaced by ■■■ in the text as written;
--   * require_approval: a post is held for approval (hidden, its text in post_holds with the reason its author reads,
--     and a held_post item in the review queue); a thread whose title has one holds its opening post; a message or a
--     profile field cannot wait for approval, so it is refused as a block is, saying why;
--   * flag: a post goes to the review queue as a flagged post with the word as its reason (messages and profiles
--     have no queue item and pass).
-- Matching: both the word and the text are normalized by watch_normalize(): lower case, lookalike letters (Cyrillic,
-- Greek, accented, digits and signs as letters: 0 o, 1 i, 3 e, 4 a, 5 s, 7 t, $ s, @ a) mapped to Latin, everything
-- but letters and digits dropped (so "s e e d", "s.e.e.d" and "s_eed" are "seed"). Repeated letters are not
-- collapsed: a back-reference over a 100,000 character post outlasts the statement timeout.
-- A word matches where its normalized form is inside the normalized text.
-- A starter list for the scams a coin's forum draws: seed or recovery phrase requests, fake support, giveaway doubling.

create function public.watch_normalize(body text) returns text
language sql immutable set search_path = '' as $$
  select regexp_replace(
      translate(lower(coalesce(body, '')), 'аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ', 'aaaaaaaaaaaaaaaaaaabbbbbccccccddeeeeeeeeeeeeeeegghhiiiiiiiiiiiiiiiiiiiikkkkmmmnnnnnooooooooooooooooooppppssssssstttttuuuuuuuuuuvwxxxxyyyyyzzzz'),
      '[^a-z0-9]', '', 'g')
$$;

-- The regular expression that finds a word in text as written, for censoring: each letter as itself or a lookalike,
-- with anything but letters and digits allowed between.
create function public.watch_pattern(word text) returns text
language sql immutable set search_path = '' as $$
  select string_agg(
    '[' || c || upper(c) || coalesce((
      select string_agg(substr('аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ', i, 1), '')
      from generate_series(1, char_length('аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ')) i
      where substr('aaaaaaaaaaaaaaaaaaabbbbbccccccddeeeeeeeeeeeeeeegghhiiiiiiiiiiiiiiiiiiiikkkkmmmnnnnnooooooooooooooooooppppssssssstttttuuuuuuuuuuvwxxxxyyyyyzzzz', i, 1) = c
    ), '') || ']',
    '[^[:alnum:]]*' order by n)
  from regexp_split_to_table(public.watch_normalize(word), '') with ordinality as s(c, n)
$$;

create table public.watched_words (
  id uuid primary key default gen_random_uuid(),
  word text not null constraint watched_words_word_length check (char_length(btrim(word)) between 2 and 100),
  action text not null
    constraint watched_words_action_valid check (action in ('block', 'censor', 'require_approval', 'flag')),
  normalized text not null generated always as (public.watch_normalize(word)) stored,
  created_by uuid references public.profiles (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint watched_words_normalizes check (char_length(normalized) >= 2),
  constraint watched_words_once unique (normalized, action)
);

alter table public.watched_words enable row level security;
create policy watched_words_select on public.watched_words for select to authenticated
  using ((select public.is_staff()));
create policy watched_words_insert on public.watched_words for insert to authenticated
  with check ((select public.is_admin()));
create policy watched_words_update on public.watched_words for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy watched_words_delete on public.watched_words for delete to authenticated
  using ((select public.is_admin()));

create function public.log_watched_word() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null then
    perform public.write_moderation_log('watched_word', details => jsonb_build_object(
      'change', lower(tg_op), 'word', coalesce(new.word, old.word), 'action', coalesce(new.action, old.action)));
  end if;
  return null;
end $$;

create trigger log_watched_word after insert or update or delete on public.watched_words
  for each row execute function public.log_watched_word();

-- Blocked: only the asking itself ("send me your seed phrase"), never the advice against it ("never send anyone your
-- seed phrase"); wordings that can be either are held for approval, and a mention is flagged for a look.
insert into public.watched_words (word, action) values
  ('send me your seed phrase', 'block'),
  ('send me your recovery phrase', 'block'),
  ('send me your private key', 'block'),
  ('dm me your seed phrase', 'block'),
  ('give me your seed phrase', 'block'),
  ('give me your recovery phrase', 'block'),
  ('enter your seed phrase', 'require_approval'),
  ('enter your recovery phrase', 'require_approval'),
  ('validate your wallet', 'require_approval'),
  ('wallet validation', 'require_approval'),
  ('dm me for support', 'require_approval'),
  ('message me for support', 'require_approval'),
  ('contact support on whatsapp', 'require_approval'),
  ('contact support on telegram', 'require_approval'),
  ('double your guap', 'require_approval'),
  ('double your coins', 'require_approval'),
  ('double your crypto', 'require_approval'),
  ('we will double', 'require_approval'),
  ('giveaway doubling', 'require_approval'),
  ('seed phrase', 'flag'),
  ('recovery phrase', 'flag');

-- ---------------------------------------------------------------------------------------------------------------
-- The longest word of a list found in a text already normalized, or null.
create function public.watched_word_in(normalized text, list text) returns text
language sql stable security definer set search_path = '' as $$
  select w.word from public.watched_words w
  where w.action = watched_word_in.list and strpos(watched_word_in.normalized, w.normalized) > 0
  order by char_length(w.normalized) desc, w.word
  limit 1
$$;

-- A text with every censored word found in its normalized form replaced.
create function public.watch_censor(body text, normalized text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  censored text := body;
  w record;
begin
  for w in
    select c.word from public.watched_words c
    where c.action = 'censor' and strpos(watch_censor.normalized, c.normalized) > 0
  loop
    censored := regexp_replace(censored, public.watch_pattern(w.word), '■■■', 'g');
  end loop;
  return censored;
end $$;

create function public.refuse_watched_word(word text, what text, held boolean) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception '%', case when held
      then format('Your %s needs a moderator''s approval because it contains "%s", so it was not saved.', what, word)
      else format('Your %s contains "%s", which is not allowed here.', what, word) end
    using errcode = '22023',
      detail = json_build_object('watched_word', word, 'action', case when held then 'require_approval' else 'block' end)::text,
      hint = 'Change the words and send it again.';
end $$;

-- One text field checked: refused for a block word (or a require-approval word where nothing can be held), else
-- returned censored. A text past the longest any field takes is left to that field's own check, unread.
create function public.watch_field(body text, what text, can_hold boolean) returns text
language plpgsql stable set search_path = '' as $$
declare
  normalized text;
  hit text;
begin
  if body is null or btrim(body) = '' or char_length(body) > 100000 then
    return body;
  end if;
  normalized := public.watch_normalize(body);
  hit := public.watched_word_in(normalized, 'block');
  if hit is not null then
    perform public.refuse_watched_word(hit, what, false);
  end if;
  if not can_hold then
    hit := public.watched_word_in(normalized, 'require_approval');
    if hit is not null then
      perform public.refuse_watched_word(hit, what, true);
    end if;
  end if;
  return public.watch_censor(body, normalized);
end $$;

-- Before a write: names sort after each table's own guard and before its limits.
create function public.guard_watched_words() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() or auth.uid() is null or public.is_staff() then
    return new;
  end if;
  if tg_table_name = 'posts' then
    if tg_op = 'INSERT' or new.content is distinct from old.content then
      new.content := public.watch_field(new.content, 'post', true);
    end if;
  elsif tg_table_name = 'threads' then
    if tg_op = 'INSERT' then
      new.title := public.watch_field(new.title, 'thread title', true);
    elsif new.title is distinct from old.title then
      new.title := public.watch_field(new.title, 'thread title', false);
    end if;
  elsif tg_table_name = 'messages' then
    if tg_op = 'INSERT' then
      new.subject := public.watch_field(new.subject, 'message', false);
      new.content := public.watch_field(new.content, 'message', false);
    end if;
  elsif tg_table_name = 'profiles' then
    if new.display_name is distinct from old.display_name then
      new.display_name := public.watch_field(new.display_name, 'display name', false);
    end if;
    if new.bio is distinct from old.bio then
      new.bio := public.watch_field(new.bio, 'bio', false);
    end if;
    if new.username is distinct from old.username then
      new.username := public.watch_field(new.username, 'username', false);
    end if;
  end if;
  return new;
end $$;

create trigger guard_watched_words before insert or update on public.posts
  for each row execute function public.guard_watched_words();
create trigger guard_watched_words before insert or update on public.threads
  for each row execute function public.guard_watched_words();
create trigger guard_watched_words before insert on public.messages
  for each row execute function public.guard_watched_words();
create trigger guard_watched_words before update on public.profiles
  for each row execute function public.guard_watched_words();

-- ---------------------------------------------------------------------------------------------------------------
-- After a member's post is written: held for a require-approval word (in it, or in its thread's title for an opening
-- post), else queued for a flag word. Acts on the caller's own posts only, and only on what the words say.
alter table public.post_holds add column reason text;

create or replace function public.hold_for_review(post uuid, why text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.hold_post(hold_for_review.post);
  update public.post_holds set reason = hold_for_review.why where post_id = hold_for_review.post;
  insert into public.reviewables (kind, post_id, target_user_id, reason)
  select 'held_post', p.id, p.author_id, hold_for_review.why from public.posts p where p.id = hold_for_review.post
  on conflict (post_id, kind) where status = 'pending' and post_id is not null do nothing;
end $$;

create function public.watch_post(post uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  written record;
  hit text;
begin
  -- Normalized once; a thread's title counts with its opening post.
  select p.id, p.author_id, public.watch_normalize(p.content) as body,
         case when p.type = 'thread' then public.watch_normalize(t.title) end as heading
  into written
  from public.posts p join public.threads t on t.id = p.thread_id
  where p.id = watch_post.post and p.author_id = auth.uid() and p.hidden_at is null;
  if not found then
    return;
  end if;
  hit := coalesce(public.watched_word_in(written.body, 'require_approval'),
    public.watched_word_in(written.heading, 'require_approval'));
  if hit is not null then
    perform public.hold_for_review(written.id, format('It contains "%s", which needs a moderator''s approval.', hit));
    return;
  end if;
  hit := coalesce(public.watched_word_in(written.body, 'flag'), public.watched_word_in(written.heading, 'flag'));
  if hit is not null then
    insert into public.reviewables (kind, post_id, target_user_id, reason)
    values ('flagged_post', written.id, written.author_id, format('Watched word "%s"', hit))
    on conflict (post_id, kind) where status = 'pending' and post_id is not null do nothing;
  end if;
end $$;

create function public.watch_post_written() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() and auth.uid() is not null and not public.is_staff() then
    perform public.watch_post(new.id);
  end if;
  return null;
end $$;

create trigger watch_post_written after insert on public.posts
  for each row execute function public.watch_post_written();
create trigger watch_post_edited after update of content on public.posts
  for each row when (old.content is distinct from new.content and new.hidden_at is null)
  execute function public.watch_post_written();

-- ---------------------------------------------------------------------------------------------------------------
revoke all on table public.watched_words from anon, authenticated, service_role;
grant select, insert, update, delete on table public.watched_words to authenticated, service_role;

revoke execute on function
  public.watched_word_in(text, text), public.watch_censor(text, text), public.refuse_watched_word(text, text, boolean),
  public.watch_field(text, text, boolean), public.guard_watched_words(), public.log_watched_word(),
  public.watch_post(uuid), public.watch_post_written()
from public, anon, authenticated, service_role;
grant execute on function
  public.watched_word_in(text, text), public.watch_censor(text, text), public.refuse_watched_word(text, text, boolean),
  public.watch_field(text, text, boolean), public.watch_post(uuid)
to authenticated;
