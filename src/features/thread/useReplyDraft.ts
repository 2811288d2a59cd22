// The reply box's text, kept per thread in local storage so a reload or a closed app does not lose it.
import { useCallback, useState } from 'react';

const keyFor = (threadId: string) => `guap-reply-draft:${threadId}`;

function read(threadId: string): string {
  try {
    return localStorage.getItem(keyFor(threadId)) ?? '';
  } catch {
    return '';
  }
}

export function useReplyDraft(threadId: string) {
  const [state, setState] = useState(() => ({ threadId, text: read(threadId) }));
  const text = state.threadId === threadId ? state.text : read(threadId);
  const setText = useCallback(
    (next: string | ((previous: string) => string)) => {
      setState((previous) => {
        const base = previous.threadId === threadId ? previous.text : read(threadId);
        const value = typeof next === 'function' ? next(base) : next;
        try {
          if (value) localStorage.setItem(keyFor(threadId), value);
          else localStorage.removeItem(keyFor(threadId));
        } catch {
          // Storage full or blocked: the draft lives in memory only.
        }
        return { threadId, text: value };
      });
    },
    [threadId],
  );
  return [text, setText] as const;
}
