// The longest post the database takes (migration 20261102001300_post_content_cap.sql), and what the editor says past it.
const POST_CONTENT_MAX = 100_000;

export const CONTENT_TOO_LONG = 'Content is too long (max 100,000 characters)';

/** A private message has the same cap (20261124000150_message_length_cap.sql), worded for the message form. */
export const MESSAGE_TOO_LONG = 'Message is too long (max 100,000 characters)';

/** Counted in characters as Postgres's char_length counts them, so an emoji is one, not two UTF-16 units. */
export function isTooLong(text: string): boolean {
  return text.length > POST_CONTENT_MAX && [...text].length > POST_CONTENT_MAX;
}
