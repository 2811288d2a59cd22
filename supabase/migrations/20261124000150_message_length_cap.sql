-- Caps on a private message (issue 11): without them a member could store megabytes in another member's inbox,
-- which every device of the recipient then pulls into its mirror. The content cap is a post's (100,000
-- characters, 20261102001300); a subject is a line. `not valid`: messages sent before are not re-checked.
alter table public.messages
  add constraint messages_content_max_length check (char_length(content) <= 100000) not valid,
  add constraint messages_subject_max_length check (char_length(subject) <= 300) not valid;
