-- A cap on a post's length (issue 11): far more than a forum post needs, and well inside what the search index takes.
-- Without it, a reply of about 670 KB of distinct words failed in the index (54000 "string is too long for
-- tsvector"), a server error; past the cap, the write is now a check violation, which PostgREST answers 400.
-- At 100,000 characters, even 4-byte characters in one-letter words stay under the tsvector's 1 MB of lexemes.
-- `not valid`: posts written before the cap are not re-checked, so the migration applies to any existing project;
-- every new post and every edit is checked.
alter table public.posts
  add constraint posts_content_max_length check (char_length(content) <= 100000) not valid;
