-- Thread-title edits and profile edits (display name, bio, username) were unlimited: each now counts against
-- forum_limits.edits_per_day with a member's post edits, through the same ledger (limit_action 'edit'), and is
-- refused past it with PT429 (HTTP 429) and the wait, as a post edit is. Staff are not limited.
create function public.limit_other_edits() returns trigger
language plpgsql set search_path = '' as $$
declare
  message text;
  detail text;
  hint text;
begin
  if public.is_api_caller() and auth.uid() is not null and not public.is_staff() then
    begin
      perform public.limit_action('edit', null);
    exception when sqlstate 'PT429' then
      get stacked diagnostics message = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
      raise exception '%', replace(message, 'You can edit posts', 'You can edit posts, thread titles and your profile')
        using errcode = 'PT429', detail = detail, hint = hint;
    end;
  end if;
  return new;
end $$;

create trigger limit_thread_title_edits before update of title on public.threads
  for each row when (old.title is distinct from new.title) execute function public.limit_other_edits();
create trigger limit_profile_edits before update of display_name, bio, username on public.profiles
  for each row
  when ((old.display_name, old.bio, old.username) is distinct from (new.display_name, new.bio, new.username))
  execute function public.limit_other_edits();

revoke execute on function public.limit_other_edits() from public, anon, authenticated, service_role;
