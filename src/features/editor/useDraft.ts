// A draft that survives a reload (issue 6): kept in localStorage under one key per form and member, removed once
// it is back to empty or sent.
import { useEffect, useState } from 'react';

function readDraft<T extends object>(key: string, empty: T): T | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return stored && typeof stored === 'object' ? { ...empty, ...stored } : null;
  } catch {
    return null;
  }
}

/** `prefer`, when given, wins over a stored draft (text shared from another app, say). */
export function useDraft<T extends object>(key: string, empty: T, prefer?: T | null) {
  const [value, setValue] = useState<T>(() => prefer ?? readDraft(key, empty) ?? empty);
  const isEmpty = JSON.stringify(value) === JSON.stringify(empty);

  useEffect(() => {
    try {
      if (isEmpty) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked (private mode): the draft just does not outlive the page.
    }
  }, [key, value, isEmpty]);

  const clear = () => setValue(empty);
  return [value, setValue, clear] as const;
}
