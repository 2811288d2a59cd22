// What the first screen's reads start from on a first visit (data/firstAnswers.ts): the app's first render shows what
// the server rendered, so hydrating keeps the server's markup, and nothing waits for a live read's answer.
import { createContext, useContext, type ReactNode } from 'react';
import type { FirstAnswers } from '../../data/firstAnswers.ts';
import { SERVER_TIME_ZONE } from '../../lib/relativeTime.ts';

export interface FirstScreen {
  /** Cleared once the app leaves the first address: a screen opened later starts from the mirror. */
  answers: FirstAnswers | undefined;
  /**
   * Each type's thread count as the server counted it, kept while the page lives: the mirror holds only the first
   * rows until the first sync has run, and counting them would show 1 thread where the page said 14.
   */
  readonly threadCounts: FirstAnswers['threadCounts'];
}

const FirstScreenContext = createContext<FirstScreen>({ answers: undefined, threadCounts: {} });

export function FirstScreenProvider({ value, children }: { value: FirstScreen; children: ReactNode }) {
  return <FirstScreenContext.Provider value={value}>{children}</FirstScreenContext.Provider>;
}

/** One of the first screen's answers, as a read's first result; undefined when there is none. */
export function useFirstAnswer<K extends Exclude<keyof FirstAnswers, 'threadCounts' | 'renderedAt'>>(key: K) {
  const data = useContext(FirstScreenContext).answers?.[key];
  return data === undefined ? undefined : ({ state: 'ready', data } as const);
}

/** Whether the app shows the first screen from its answers: the page the server rendered, which it hydrates. */
export function useShowsFirstScreen(): boolean {
  return useContext(FirstScreenContext).answers !== undefined;
}

/** What a screen's ages and dates count from: undefined for the browser's clock and time zone. */
interface AgeClock {
  now: number | undefined;
  timeZone: string | undefined;
}

/**
 * While the app shows the first screen from its answers, the server's clock (FirstAnswers.renderedAt) and the zone it
 * wrote dates in, so the first render says what the server's did and hydrating keeps every word of it; elsewhere the
 * browser's.
 */
export function useAgeClock(): AgeClock {
  const renderedAt = useContext(FirstScreenContext).answers?.renderedAt;
  return { now: renderedAt, timeZone: renderedAt === undefined ? undefined : SERVER_TIME_ZONE };
}

export function useFirstThreadCounts(): FirstScreen['threadCounts'] {
  return useContext(FirstScreenContext).threadCounts;
}
