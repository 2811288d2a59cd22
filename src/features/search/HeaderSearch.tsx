// The header search box (SPEC §1): a combobox whose dropdown shows the mirror's matches while typing; arrows pick a
// match, Enter opens it, or opens /search?q= with every result when none is picked.
import { useNavigate } from '@tanstack/react-router';
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { SEARCH_PLACEHOLDER } from './SearchBoxPlaceholder.tsx';
import { SearchDropdown } from './SearchDropdown.tsx';
import { moveActive, optionKey, searchOptions, type SearchOption } from './searchOptions.ts';
import { useInstantSearch } from './useInstantSearch.ts';
import { useThreadLink } from '../../state/queries/threadLinks.ts';
import styles from './HeaderSearch.module.css';

export function HeaderSearch() {
  const navigate = useNavigate();
  const threadLink = useThreadLink();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  // The server's page shows this box before the app starts, and a visitor may type in it then: hydrating keeps the
  // typed words in the box, and the search starts from them, as if typed now.
  useLayoutEffect(() => {
    const input = box.current;
    if (!input?.value) return;
    setQuery(input.value);
    setOpen(document.activeElement === input);
  }, []);
  const trimmed = query.trim();
  const { results, pending } = useInstantSearch(trimmed);
  const options = searchOptions(results, trimmed);
  const active = activeKey === null ? -1 : options.findIndex((o) => optionKey(o) === activeKey);
  const setActive = (index: number) => setActiveKey(index >= 0 ? optionKey(options[index]!) : null);
  const expanded = open && trimmed.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: SearchOption) => {
    close();
    if (option.kind === 'thread') {
      setQuery('');
      void navigate({
        to: '/t/$idOrSlug',
        params: { idOrSlug: threadLink({ id: option.hit.thread_id, slug: option.hit.slug }) },
      });
    } else if (option.kind === 'member') {
      setQuery('');
      void navigate({ to: '/profile/$userId', params: { userId: option.member.id } });
    } else {
      void navigate({ to: '/search', search: { q: option.query } });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) setOpen(true);
      else setActive(moveActive(active, options.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = expanded && active >= 0 ? options[active] : undefined;
      if (picked) choose(picked);
      else if (trimmed) choose({ kind: 'all', query: trimmed });
    } else if (event.key === 'Escape') {
      if (expanded) close();
      else setQuery('');
    }
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    // Enter before the app starts sends the form itself: to the full results, as Enter does after.
    <form role="search" action="/search" className={styles.search} onSubmit={(e) => e.preventDefault()} onBlur={onBlur}>
      <Icon name="search" size={18} className={styles.icon} />
      <input
        ref={box}
        type="search"
        name="q"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <SearchDropdown
        id={listId}
        open={expanded}
        options={options}
        active={active}
        pending={pending}
        optionId={optionId}
        onChoose={choose}
        onHover={setActive}
      />
    </form>
  );
}
