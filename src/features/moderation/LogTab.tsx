// The Log tab (admins): the database's audit log, newest first, 50 to a page: who did what to whom, when and why,
// filtered by actor, action and dates.
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import type { LogEntry, LogFilters } from '../../backend/moderation.ts';
import { useModerationLog } from '../../state/server/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { fullTime } from '../../lib/relativeTime.ts';
import { ListGate, LoadMore } from './ListStates.tsx';
import { ago, describeAction, isThreadToolAction, LOG_ACTIONS, loggedThreadTitle } from './moderationFacts.ts';
import { useSettled } from './useSettled.ts';
import tableStyles from './ModerationTable.module.css';
import styles from './Moderation.module.css';

const NO_FILTERS: LogFilters = { actor: '', action: '', from: '', to: '' };
const ACTOR_DEBOUNCE_MS = 300;

function LogFiltersBar({ filters, onChange }: { filters: LogFilters; onChange(filters: LogFilters): void }) {
  const id = useId();
  const set = (change: Partial<LogFilters>) => onChange({ ...filters, ...change });
  return (
    <div className={styles.filters}>
      <label className={styles.filter} htmlFor={`${id}-actor`}>
        <span>Actor</span>
        <input
          id={`${id}-actor`}
          type="search"
          placeholder="Username"
          value={filters.actor}
          onChange={(e) => set({ actor: e.target.value })}
          autoComplete="off"
        />
      </label>
      <label className={styles.filter} htmlFor={`${id}-action`}>
        <span>Action</span>
        {/* A native select: sixteen options scroll as the platform does it, on a phone too. */}
        <select id={`${id}-action`} value={filters.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">All actions</option>
          {LOG_ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-from`}>
        <span>From</span>
        <input id={`${id}-from`} type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className={styles.filter} htmlFor={`${id}-to`}>
        <span>To</span>
        <input id={`${id}-to`} type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
        Clear
      </Button>
    </div>
  );
}

function Whom({ entry }: { entry: LogEntry }) {
  // A pin, lock, ad mark or move names the thread it was done to, then whose thread it is.
  if (entry.thread_id && isThreadToolAction(entry.action)) {
    const title = loggedThreadTitle(entry.action, entry.details);
    return (
      <>
        <Link to="/thread/$id" params={{ id: entry.thread_id }}>
          {title ? `“${title}”` : 'the thread'}
        </Link>
        {entry.target_username && <span className="muted"> by @{entry.target_username}</span>}
      </>
    );
  }
  if (entry.target_username) return <>@{entry.target_username}</>;
  if (entry.thread_id && entry.action !== 'delete_thread')
    return (
      <Link to="/thread/$id" params={{ id: entry.thread_id }}>
        the thread
      </Link>
    );
  return <span className="muted">—</span>;
}

export function LogTab() {
  // The actor is typed, so it is asked for once typing pauses; the other filters at once.
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<Omit<LogFilters, 'actor'>>({ action: '', from: '', to: '' });
  const actor = useSettled(typed.trim(), ACTOR_DEBOUNCE_MS);
  const asked = useMemo(() => ({ ...picked, actor }), [picked, actor]);
  const setFilters = ({ actor: nextActor, ...rest }: LogFilters) => {
    setTyped(nextActor);
    // A new object only for a new choice: each one asks the server again.
    if (rest.action !== picked.action || rest.from !== picked.from || rest.to !== picked.to) setPicked(rest);
  };
  const list = useModerationLog(asked);
  const now = useMinuteClock();
  const filtered = asked.actor || asked.action || asked.from || asked.to;
  return (
    <>
      <LogFiltersBar filters={{ ...picked, actor: typed }} onChange={setFilters} />
      <ListGate
        list={list}
        failed="Failed to load the log"
        empty={filtered ? 'No log entries match these filters.' : 'No moderation actions yet.'}
      />
      {list.state === 'ready' && list.rows.length > 0 && (
        <div className={tableStyles.tableBox}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>What</th>
                <th>Whom</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((entry) => (
                <tr key={entry.id} data-testid="log-entry">
                  <td data-label="When" className={tableStyles.when} title={fullTime(entry.created_at)}>
                    {ago(entry.created_at, now)}
                  </td>
                  <td data-label="Who">{entry.actor_username ? `@${entry.actor_username}` : 'a deleted member'}</td>
                  <td data-label="What">{describeAction(entry.action, entry.details)}</td>
                  <td data-label="Whom">
                    <Whom entry={entry} />
                  </td>
                  <td data-label="Reason">{entry.reason ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={list} failed="Failed to load more of the log" />
    </>
  );
}
