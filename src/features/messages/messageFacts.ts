// What the messages screen derives from a message: who it is with, its reply subject, and whether it matches a search.
import { isTooLong, MESSAGE_TOO_LONG } from '../../content/postLength.ts';
import { baseSubject, type AuthorSummary, type MessageWithPeople } from '../../state/queries/messages.ts';

const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

/** A reply's subject: 'Re: ' once, however many the message already had. */
export function replySubject(subject: string): string {
  return `Re: ${baseSubject(subject)}`;
}

/** The member's shown name: the display name, else the username; a deleted account's is 'Deleted member'. */
export function personName(person: AuthorSummary | null): string {
  if (!person) return 'Deleted member';
  return person.display_name || person.username;
}

/** The other party: the sender in the inbox, the recipient in Sent. */
export function otherParty(message: MessageWithPeople, userId: string): AuthorSummary | null {
  return message.sender_id === userId ? message.recipient : message.sender;
}

/** Every word of the query must appear in the subject, the content or the other party's name (any case). */
export function matchesSearch(message: MessageWithPeople, userId: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const other = otherParty(message, userId);
  const text = [message.subject, message.content, other?.username, other?.display_name]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The message text over the database's cap, said in the form as replies say it; null when it fits. */
export function contentProblem(content: string): string | null {
  return isTooLong(content) ? MESSAGE_TOO_LONG : null;
}

/** SPEC §5: recipient, subject and content all non-empty, and content within the cap; the text to show if not. */
export function composeProblem(input: { recipientId: string; subject: string; content: string }): string | null {
  if (!(input.recipientId && input.subject.trim() && input.content.trim())) return FILL_IN_ALL_FIELDS;
  return contentProblem(input.content);
}
