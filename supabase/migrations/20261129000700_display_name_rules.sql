-- A display name is at most 50 characters (SPEC gives none; 50 is the issue's default) and holds no bidirectional
-- override or isolate (U+202A-U+202E, U+2066-U+2069): one of those turns the text after it around wherever the name
-- is shown ("‮nimda" reads as "admin"), so a name could pass for another member's. Refused with the words the
-- Edit Profile form shows (src/lib/validation.ts), as a check violation (23514): a 400, and nothing changes. Names
-- stored before this stay until they are next changed.
create function public.check_display_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if char_length(new.display_name) > 50 then
    raise exception using errcode = '23514', message = 'Display name must be at most 50 characters',
      constraint = 'profiles_display_name_rules';
  end if;
  if new.display_name ~ '[\u202A-\u202E\u2066-\u2069]' then
    raise exception using errcode = '23514',
      message = 'Display name cannot contain text-direction control characters',
      constraint = 'profiles_display_name_rules';
  end if;
  return new;
end $$;

create trigger check_display_name before insert on public.profiles
  for each row execute function public.check_display_name();
create trigger check_display_name_change before update of display_name on public.profiles
  for each row when (new.display_name is distinct from old.display_name)
  execute function public.check_display_name();
