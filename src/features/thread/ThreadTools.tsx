// The thread tools of moderators and admins, under the header: pin, lock, advertisement and move. Each change shows
// at once and waits in the outbox like any write; the database refuses anyone else.
import { useState } from 'react';
import { toast } from '../../state/toast.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import type { FailureTexts } from '../../backend/errors.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useThreadToolActions } from '../../state/mutations/threadTools.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import type { ThreadToolChange } from '../../sync/kinds/updateThread.ts';
import { Button } from '../../ui/Button.tsx';
import { useThreadChangeWaiting } from '../../state/queries/moderation.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';
import styles from './Thread.module.css';

const MoveThreadDialog = lazyWhenOpen(() => import('./MoveThreadDialog.tsx').then((m) => m.MoveThreadDialog));

/** SPEC has no text for the thread tools: only a local failure (the mirror) can show here; refusals join the list. */
const TOOL_FAILED: FailureTexts = { failed: 'Failed to update thread' };

export function ThreadTools({ thread, online }: { thread: ThreadWithRefs; online: boolean }) {
  const actions = useThreadToolActions();
  const waiting = dataOrThrow(useThreadChangeWaiting(thread.id));
  const [moving, setMoving] = useState(false);

  const change = async (changes: ThreadToolChange) => {
    try {
      const queued = await actions.update(thread.id, changes);
      if (queued && !online) toast.success(SAVED_OFFLINE);
    } catch (error) {
      reportError(error, TOOL_FAILED);
    }
  };

  return (
    <div className={styles.tools} role="toolbar" aria-label="Thread tools">
      <Button onClick={() => void change({ is_pinned: !thread.is_pinned })}>
        {thread.is_pinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button onClick={() => void change({ is_locked: !thread.is_locked })}>
        {thread.is_locked ? 'Unlock' : 'Lock'}
      </Button>
      <Button onClick={() => void change({ is_ad: !thread.is_ad })}>
        {thread.is_ad ? 'Unmark advertisement' : 'Mark as advertisement'}
      </Button>
      <Button onClick={() => setMoving(true)}>Move</Button>
      {waiting && <span className={styles.sending}>Waiting to send</span>}
      <MoveThreadDialog
        open={moving}
        onOpenChange={setMoving}
        currentCategoryId={thread.category_id}
        onMove={(categoryId) => change({ category_id: categoryId })}
      />
    </div>
  );
}
