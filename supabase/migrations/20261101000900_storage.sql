-- Storage: the forum's buckets and who may write where. Applies unchanged on hosted Supabase, where storage.buckets
-- and storage.objects already exist: buckets are inserted only when missing, and RLS on storage.objects decides.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  -- Editor images: any image type, 10 MB (SPEC §5 "Editor image upload").
  ('media', 'media', true, 10485760, array['image/*', 'video/gif']),
  -- Avatars: the four types the profile screen accepts, 2 MB (SPEC §5 "Avatar").
  ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  -- Used by the debug pages; same rules as media.
  ('post-images', 'post-images', true, 10485760, array['image/*']),
  ('uploads', 'uploads', true, 10485760, array['image/*'])
on conflict (id) do nothing;

-- Anyone, signed in or not, reads the objects of these public buckets (the public URL route needs no policy, but
-- list and authenticated downloads go through RLS).
create policy "guap public buckets are readable" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('media', 'avatars', 'post-images', 'uploads'));

-- A member writes only under a folder named by their own id: {uid}/{file}.
create policy "guap members insert into their own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id in ('media', 'post-images', 'uploads', 'avatars')
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "guap members update their own folder" on storage.objects
  for update to authenticated
  using (
    bucket_id in ('media', 'post-images', 'uploads', 'avatars')
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  )
  with check (
    bucket_id in ('media', 'post-images', 'uploads', 'avatars')
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "guap members delete from their own folder" on storage.objects
  for delete to authenticated
  using (
    bucket_id in ('media', 'post-images', 'uploads', 'avatars')
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

-- The spec names avatars {userId}-{timestamp}.{ext} at the bucket root, with no folder, so in avatars a member may also
-- write a root-level name that starts with their own id and a hyphen. A uuid has a fixed length and the hyphen follows
-- it, so one member's prefix can never match another member's names.
create policy "guap members insert their own root avatars" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and position('/' in name) = 0
    and starts_with(name, (select auth.uid()::text) || '-')
  );

create policy "guap members update their own root avatars" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'avatars'
    and position('/' in name) = 0
    and starts_with(name, (select auth.uid()::text) || '-')
  )
  with check (
    bucket_id = 'avatars'
    and position('/' in name) = 0
    and starts_with(name, (select auth.uid()::text) || '-')
  );

create policy "guap members delete their own root avatars" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'avatars'
    and position('/' in name) = 0
    and starts_with(name, (select auth.uid()::text) || '-')
  );
