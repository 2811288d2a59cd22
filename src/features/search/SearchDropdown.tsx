// The header search's listbox: thread and member matches from the mirror, and "See all results".
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { Highlight } from './Highlight.tsx';
import type { SearchOption } from './searchOptions.ts';
import styles from './HeaderSearch.module.css';

interface Props {
  id: string;
  open: boolean;
  options: SearchOption[];
  active: number;
  pending: boolean;
  optionId(index: number): string;
  onChoose(option: SearchOption): void;
  onHover(index: number): void;
}

function OptionBody({ option }: { option: SearchOption }) {
  if (option.kind === 'thread') {
    return (
      <>
        <span className={styles.optionTitle}>{option.hit.title}</span>
        {option.hit.snippet && (
          <span className={styles.optionSnippet}>
            <Highlight snippet={option.hit.snippet} />
          </span>
        )}
      </>
    );
  }
  if (option.kind === 'member') {
    return (
      <span className={styles.optionTitle}>
        @{option.member.username} <RoleBadge role={option.member.role} />
      </span>
    );
  }
  return <span className={styles.optionAll}>See all results for “{option.query}”</span>;
}

export function SearchDropdown({ id, open, options, active, pending, optionId, onChoose, onHover }: Props) {
  const matches = options.length - 1;
  const groups: { label: string; kind: SearchOption['kind'] }[] = [
    { label: 'Threads', kind: 'thread' },
    { label: 'Members', kind: 'member' },
    { label: 'More', kind: 'all' },
  ];
  return (
    <>
      <span className="sr-only" aria-live="polite">
        {open && !pending ? `${matches} ${matches === 1 ? 'match' : 'matches'} on this device` : ''}
      </span>
      <div id={id} role="listbox" aria-label="Search suggestions" className={styles.dropdown} hidden={!open}>
        {open &&
          groups.map(({ label, kind }) => {
            const indexes = options.flatMap((o, i) => (o.kind === kind ? [i] : []));
            if (indexes.length === 0) return null;
            return (
              <div key={kind} role="group" aria-label={label} className={styles.group}>
                {kind !== 'all' && (
                  <div className={styles.groupLabel} aria-hidden>
                    {label}
                  </div>
                )}
                {indexes.map((i) => (
                  <div
                    key={i}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={styles.option}
                    data-testid={`search-option-${kind}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => i !== active && onHover(i)}
                    onClick={() => onChoose(options[i]!)}
                  >
                    <OptionBody option={options[i]!} />
                  </div>
                ))}
              </div>
            );
          })}
        {open && !pending && matches === 0 && <div className={styles.none}>Nothing on this device matches yet.</div>}
      </div>
    </>
  );
}
