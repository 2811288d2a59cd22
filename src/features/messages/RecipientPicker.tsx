// The dialog's To field: a searchable member select (Radix popover with a filter box and a listbox), ordered by
// username, without the member themself. Members known to refuse messages are shown but cannot be chosen.
import { Popover } from 'radix-ui';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { AuthorSummary } from '../../state/queries/messages.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import { personName } from './messageFacts.ts';
import styles from './RecipientPicker.module.css';

/** Enough rows to scroll through; typing narrows the rest. */
const SHOWN = 50;

interface RecipientPickerProps {
  members: AuthorSummary[];
  value: string;
  onChange(id: string): void;
  /** Members whose privacy setting forbids messages, as far as known. */
  refusing: ReadonlySet<string>;
  labelId: string;
}

function matches(member: AuthorSummary, query: string) {
  const q = query.trim().toLowerCase();
  return !q || member.username.toLowerCase().includes(q) || !!member.display_name?.toLowerCase().includes(q);
}

export function RecipientPicker({ members, value, onChange, refusing, labelId }: RecipientPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const found = useMemo(() => members.filter((m) => matches(m, query)), [members, query]);
  const shown = found.slice(0, SHOWN);
  const chosen = members.find((m) => m.id === value);

  const choose = (member: AuthorSummary | undefined) => {
    if (!member || refusing.has(member.id)) return;
    onChange(member.id);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(shown.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className={styles.trigger} aria-labelledby={labelId} aria-haspopup="listbox">
          {chosen ? (
            <>
              <Avatar src={chosen.avatar_url} person={chosen} size={26} />
              <span>
                {personName(chosen)} <span className={styles.handle}>@{chosen.username}</span>
              </span>
            </>
          ) : (
            <span className={styles.placeholder}>Choose a member</span>
          )}
          <Icon name="chevronDown" size={16} className={styles.chevron} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.content} align="start" sideOffset={6}>
          <input
            className={styles.search}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search members…"
            aria-label="Search members"
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={shown[active] ? `${listId}-${shown[active].id}` : undefined}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
          <ul className={styles.options} role="listbox" id={listId} aria-label="Members">
            {shown.map((member, i) => {
              const refuses = refusing.has(member.id);
              return (
                <li
                  key={member.id}
                  id={`${listId}-${member.id}`}
                  role="option"
                  className={styles.option}
                  aria-selected={member.id === value}
                  aria-disabled={refuses || undefined}
                  data-active={i === active}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(member)}
                >
                  <Avatar src={member.avatar_url} person={member} size={26} />
                  <span>
                    {personName(member)} <span className={styles.handle}>@{member.username}</span>
                    {refuses && <span className={styles.handle}> · does not accept messages</span>}
                  </span>
                </li>
              );
            })}
          </ul>
          {found.length === 0 && <p className={styles.note}>No members found matching your search.</p>}
          {found.length > SHOWN && <p className={styles.note}>Type a name to find more members.</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
