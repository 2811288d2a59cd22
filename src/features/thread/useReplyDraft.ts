// The reply box's text, kept per thread in local storage so a reload or a closed app does not lose it.
import { useCallback, useState } from 'react';
import { readDraft, writeDraft } from '../../lib/draftStorage.ts';

const keyFor = (threadId: string) => `guap-reply-draft:${threadId}`;

const read = (threadId: string): string => readDraft(keyFor(threadId)) ?? '';

export function useReplyDraft(threadId: string) {
  const [state, setState] = useState(() => ({ threadId, text: read(threadId) }));
  const text = state.threadId === threadId ? state.text : read(threadId);
  const setText = useCallback(
    (next: string | ((previous: string) => string)) => {
      setState((previous) => {
        const base = previous.threadId === threadId ? previous.text : read(threadId);
        const value = typeof next === 'function' ? next(base) : next;
        writeDraft(keyFor(threadId), value || null);
        return { threadId, text: value };
      });
    },
    [threadId],
  );
  return [text, setText] as const;
}
