// /search?q=: full results for the header search, the server's merged with the mirror's, and the mirror's alone
// when offline; each thread with the member's read mark.
import { Link, useSearch } from '@tanstack/react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { Highlight } from './Highlight.tsx';
import type { ReadState } from '../../data/queries/readState.ts';
import { ReadMark } from '../../ui/threadList/ReadMark.tsx';
import { useHitReadStates } from './useHitReadStates.ts';
import { useThreadLink } from '../../state/queries/threadLinks.ts';
import type { MemberHit, ThreadHit } from '../../data/searchTypes.ts';
import { useSearchResults, type ServerState } from '../../state/server/search.ts';
import styles from './SearchPage.module.css';

const SERVER_NOTES: Record<ServerState, string | null> = {
  offline: 'You are offline: these results come from what this device holds.',
  loading: 'Searching the whole forum…',
  failed: 'The server could not be searched: these results come from what this device holds.',
  ready: null,
};

const NO_HITS: ThreadHit[] = [];

function ThreadResult({ hit, address, read }: { hit: ThreadHit; address: string; read?: ReadState }) {
  return (
    <li className={styles.result} data-testid="search-thread">
      <span className={styles.titleLine}>
        <Link to="/t/$idOrSlug" params={{ idOrSlug: address }} className={styles.title}>
          {hit.title}
        </Link>
        <ReadMark state={read} />
      </span>
      {hit.snippet && (
        <p className={styles.snippet}>
          <Highlight snippet={hit.snippet} />
        </p>
      )}
    </li>
  );
}

function MemberResult({ member }: { member: MemberHit }) {
  return (
    <li data-testid="search-member">
      <Link to="/profile/$userId" params={{ userId: member.id }} className={styles.member}>
        <Avatar src={member.avatar_url} person={member} size={36} />
        <span>
          <span className={styles.memberName}>
            {member.display_name || member.username} <RoleBadge role={member.role} />
          </span>
          <span className="muted">@{member.username}</span>
        </span>
      </Link>
    </li>
  );
}

export function SearchPage() {
  const { q = '' } = useSearch({ from: '/shell/search' });
  const { results, server } = useSearchResults(q);
  const readStates = useHitReadStates(results?.threads ?? NO_HITS);
  const threadLink = useThreadLink();
  if (!q) {
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>Search</h1>
        <p className="muted">Type in the search box above to find threads, posts and members.</p>
      </div>
    );
  }
  const note = SERVER_NOTES[server];
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Search results for “{q}”</h1>
      <p className={styles.note} role="status" data-testid="search-status">
        {note}
      </p>
      {!results && <p className="muted">Searching…</p>}
      {results && results.threads.length === 0 && results.members.length === 0 && server !== 'loading' && (
        <p className={styles.empty}>No threads or members match “{q}”.</p>
      )}
      {results && results.threads.length > 0 && (
        <section aria-labelledby="thread-results">
          <h2 id="thread-results" className={styles.sectionHeading}>
            Threads <span className="muted">({results.threads.length})</span>
          </h2>
          <ul className={styles.list}>
            {results.threads.map((hit) => (
              <ThreadResult
                key={hit.thread_id}
                hit={hit}
                address={threadLink({ id: hit.thread_id, slug: hit.slug })}
                read={readStates.get(hit.thread_id)}
              />
            ))}
          </ul>
        </section>
      )}
      {results && results.members.length > 0 && (
        <section aria-labelledby="member-results">
          <h2 id="member-results" className={styles.sectionHeading}>
            Members <span className="muted">({results.members.length})</span>
          </h2>
          <ul className={styles.members}>
            {results.members.map((m) => (
              <MemberResult key={m.id} member={m} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
