// The table of write kinds: the generic outbox, push, settle and failed-list code find a write's kind here.
import type { Mirror } from '../data/mirror.ts';
import type { Write } from '../data/outboxTypes.ts';
import { deleteMessage } from './kinds/deleteMessage.ts';
import { deletePost } from './kinds/deletePost.ts';
import { editPost } from './kinds/editPost.ts';
import { like } from './kinds/like.ts';
import { markRead } from './kinds/markRead.ts';
import { markNotificationsRead } from './kinds/markNotificationsRead.ts';
import { message } from './kinds/message.ts';
import { reply } from './kinds/reply.ts';
import { report } from './kinds/report.ts';
import { setRole } from './kinds/setRole.ts';
import { thread } from './kinds/thread.ts';
import { tip } from './kinds/tip.ts';
import { updateSettings } from './kinds/updateSettings.ts';
import { updateProfile } from './kinds/updateProfile.ts';
import { updateThread } from './kinds/updateThread.ts';
import { unlike } from './kinds/unlike.ts';
import { readPosition } from './kinds/readPosition.ts';
import { markAllRead } from './kinds/markAllRead.ts';
import { bookmark } from './kinds/bookmark.ts';
import { unbookmark } from './kinds/unbookmark.ts';
import type { WriteKind } from './writeKind.ts';

const kinds = new Map<string, WriteKind<Write>>();

/** Puts a kind in the table: one call per kind, and the generic code handles its writes from then on. */
export function registerWriteKind<W extends Write>(kind: WriteKind<W>) {
  kinds.set(kind.name, kind);
}

registerWriteKind(thread);
registerWriteKind(reply);
registerWriteKind(editPost);
registerWriteKind(deletePost);
registerWriteKind(message);
registerWriteKind(markRead);
registerWriteKind(markNotificationsRead);
registerWriteKind(deleteMessage);
registerWriteKind(updateSettings);
registerWriteKind(updateProfile);
registerWriteKind(like);
registerWriteKind(unlike);
registerWriteKind(setRole);
registerWriteKind(updateThread);
registerWriteKind(report);
registerWriteKind(readPosition);
registerWriteKind(markAllRead);
registerWriteKind(bookmark);
registerWriteKind(unbookmark);
registerWriteKind(tip);

export function kindOf(write: Write): WriteKind<Write> {
  const kind = kinds.get(write.kind);
  if (!kind) throw new Error(`"${write.kind}" is not a write kind of this app`);
  return kind;
}

/** What a transaction handling any write spans: the outbox, the failed list and the tables of every kind's rows. */
export function writeTables(db: Mirror) {
  const names = new Set<string>(['outbox', 'failed']);
  for (const kind of kinds.values()) for (const table of kind.tables) names.add(table);
  return [...names].map((name) => db.table(name));
}
