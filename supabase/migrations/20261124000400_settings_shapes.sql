-- A member's settings are exactly the spec's flags, each a boolean: the triggers and functions that read them
-- (last seen, recent activity, who may be messaged, what is notified) can then trust what they read, and a client
-- that sends anything else is refused with a 400 that names the rule, changing nothing.

-- True when `value` is an object holding exactly `flags`, each true or false.
create function public.is_flag_set(value jsonb, flags text[]) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(value) = 'object'
    and value ?& flags
    and (select count(*) from jsonb_each(value)) = cardinality(flags)
    and not exists (select 1 from jsonb_each(value) as e where jsonb_typeof(e.value) <> 'boolean');
$$;
grant execute on function public.is_flag_set(jsonb, text[]) to anon, authenticated, service_role;

alter table public.profiles
  add constraint profiles_privacy_settings_flags
    check (public.is_flag_set(privacy_settings, array['showOnline', 'allowMessages', 'showActivity'])),
  add constraint profiles_notification_preferences_flags
    check (public.is_flag_set(notification_preferences,
      array['emailReplies', 'emailMentions', 'emailMessages', 'pushEnabled']));
