-- Watched words, two gaps closed:
--   * matching collapses repeated letters, so "seeeed phraaase" is "seed phrase": watch_normalize() (as in
--     20261129001700_watched_words.sql) ends with watch_collapse(), which runs each letter's doubles down with
--     replace(), linear in the text (a back-reference, (.)\1+, outlasts the statement timeout on a 100,000 character
--     post). Both a word and the text are collapsed, so "seed" is "sed" on both sides; a censored word is found as
--     written with each of its letters repeated any number of times (watch_pattern());
--   * a sign-up username is checked as a profile's is: username_problem(), which the sign-up form asks and the new
--     user's trigger refuses with (HTTP 422 through the auth API), names a block or require-approval word in it.
-- The stored normalized words are computed again; two words of one list that now normalize alike keep the older.

create function public.watch_collapse(body text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  collapsed text := body;
  letter text;
begin
  foreach letter in array regexp_split_to_array('abcdefghijklmnopqrstuvwxyz0123456789', '') loop
    while strpos(collapsed, letter || letter) > 0 loop
      collapsed := replace(collapsed, letter || letter, letter);
    end loop;
  end loop;
  return collapsed;
end $$;

create or replace function public.watch_normalize(body text) returns text
language sql immutable set search_path = '' as $$
  select public.watch_collapse(regexp_replace(
      translate(lower(coalesce(body, '')), 'аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ', 'aaaaaaaaaaaaaaaaaaabbbbbccccccddeeeeeeeeeeeeeeegghhiiiiiiiiiiiiiiiiiiiikkkkmmmnnnnnooooooooooooooooooppppssssssstttttuuuuuuuuuuvwxxxxyyyyyzzzz'),
      '[^a-z0-9]', '', 'g'))
$$;

-- The regular expression that finds a word in text as written, for censoring: each letter as itself or a lookalike,
-- repeated any number of times, with anything but letters and digits allowed between.
create or replace function public.watch_pattern(word text) returns text
language sql immutable set search_path = '' as $$
  select string_agg(format('%1$s(?:[^[:alnum:]]*%1$s)*', letter), '[^[:alnum:]]*' order by n)
  from (
    select n, '[' || c || upper(c) || coalesce((
      select string_agg(substr('аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ', i, 1), '')
      from generate_series(1, char_length('аα4@àáâãäåāАΑÀÁÂÃÄÅЬβ8ВΒсçć¢СÇԁďеε3èéêëē€ЕΕÈÉÊË9ğһНіι1!|lìíîïīłĺІΙÌÍÎÏŁкκКΚмМΜñńηΝÑоο0òóôõöøōОΟÒÓÔÕÖØрρРΡѕ5$šśЅŠтτ7ТΤυùúûüūÙÚÛÜνшхχХΧуýÿУΥ2žΖŽ')) i
      where substr('aaaaaaaaaaaaaaaaaaabbbbbccccccddeeeeeeeeeeeeeeegghhiiiiiiiiiiiiiiiiiiiikkkkmmmnnnnnooooooooooooooooooppppssssssstttttuuuuuuuuuuvwxxxxyyyyyzzzz', i, 1) = c
    ), '') || ']' as letter
    from regexp_split_to_table(public.watch_normalize(word), '') with ordinality as s(c, n)
  ) letters
$$;

delete from public.watched_words w using public.watched_words o
where w.action = o.action and public.watch_normalize(w.word) = public.watch_normalize(o.word)
  and (o.created_at, o.id) < (w.created_at, w.id);
-- A stored generated column is computed again when the row is written.
update public.watched_words set word = word;

-- ---------------------------------------------------------------------------------------------------------------
-- Why `wanted` cannot be a new member's username, in the words the sign-up form shows; null when it can. As in
-- 20261128000600_new_user_defects.sql, and a username may hold no block or require-approval word (a flag word
-- passes: a username has no queue item).
create or replace function public.username_problem(wanted text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  normalized text;
  hit text;
begin
  if wanted is null or char_length(btrim(wanted)) < 3 then
    return 'Username must be at least 3 characters';
  elsif char_length(wanted) > 40 then
    return 'Username must be at most 40 characters';
  elsif wanted ~ '\s' then
    return 'Username cannot contain spaces';
  elsif exists (select 1 from public.profiles where lower(username) = lower(wanted)) then
    return 'Username is already taken';
  end if;
  normalized := public.watch_normalize(wanted);
  hit := coalesce(public.watched_word_in(normalized, 'block'), public.watched_word_in(normalized, 'require_approval'));
  if hit is not null then
    return format('Username cannot contain "%s"', hit);
  end if;
  return null;
end $$;
