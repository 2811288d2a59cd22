// What of the member's messaging waits for a connection, in one line: "1 message and 2 deletions waiting to send".
import type { OutboxEntry } from '../../data/outboxTypes.ts';

const WAITING_WORDS = {
  message: ['message', 'messages'],
  markRead: ['read receipt', 'read receipts'],
  deleteMessage: ['deletion', 'deletions'],
} as const;

export type MessageKind = keyof typeof WAITING_WORDS;

export function isMessageKind(kind: string): kind is MessageKind {
  return kind in WAITING_WORDS;
}

/** "1 message and 2 deletions waiting to send", or null when nothing waits. */
export function waitingSummary(waiting: Pick<OutboxEntry, 'write'>[]): string | null {
  const counts = new Map<MessageKind, number>();
  for (const { write } of waiting) {
    if (isMessageKind(write.kind)) counts.set(write.kind, (counts.get(write.kind) ?? 0) + 1);
  }
  const parts = [...counts].map(([kind, n]) => `${n} ${WAITING_WORDS[kind][n === 1 ? 0 : 1]}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} waiting to send`;
}
