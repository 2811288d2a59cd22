// The Watched words tab (admins): one list per action (block, censor, require approval, flag), each word with Remove,
// and a form that adds a word to a list. The database matches them however a member spells them (case, spacing,
// lookalike letters, repeated letters) and refuses a duplicate or a word with too few letters, saying so.
import { useId, useState } from 'react';
import type { WatchAction, WatchedWord } from '../../backend/watchedWords.ts';
import {
  useAddWatchedWord,
  useRemoveWatchedWord,
  useWatchedWords,
  WATCH_ACTIONS,
  WATCHED_WORD_MAX,
} from '../../state/server/watchedWords.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import styles from './WatchedWords.module.css';

const LISTS: Record<WatchAction, { name: string; does: string }> = {
  block: { name: 'Block', does: 'Refused with a message naming the word; nothing is saved.' },
  censor: { name: 'Censor', does: 'Saved with the word replaced by ■■■.' },
  require_approval: {
    name: 'Require approval',
    does: 'A post is held until a moderator approves it; a message or a profile field is refused.',
  },
  flag: { name: 'Flag', does: 'Saved, and the post waits in the review queue.' },
};

const WORD_REQUIRED = 'Please enter a word or phrase';

function AddWordForm({ onAdded }: { onAdded(word: WatchedWord): void }) {
  const id = useId();
  const add = useAddWatchedWord();
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WatchAction>('block');
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    if (!word.trim()) return setProblem(WORD_REQUIRED);
    const outcome = await add.run(word, action, LISTS[action].name);
    if (!outcome.ok) return setProblem(outcome.error.message);
    onAdded(outcome.value);
    setWord('');
  };
  return (
    <form
      className={styles.addForm}
      aria-label="Add a watched word"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className={styles.wordField}>
        <Field
          label="Word or phrase"
          value={word}
          maxLength={WATCHED_WORD_MAX}
          autoComplete="off"
          placeholder="e.g. send me your seed phrase"
          error={problem}
          onChange={(e) => {
            setWord(e.target.value);
            setProblem(undefined);
          }}
        />
      </div>
      <label className={styles.listSelect} htmlFor={`${id}-list`}>
        <span>List</span>
        <select
          id={`${id}-list`}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as WatchAction);
            setProblem(undefined);
          }}
        >
          {WATCH_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {LISTS[a].name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="primary" disabled={add.pending} className={styles.addButton}>
        {add.pending ? 'Adding…' : 'Add'}
      </Button>
    </form>
  );
}

function WordList(props: {
  action: WatchAction;
  words: WatchedWord[];
  busy: string | undefined;
  onRemove(w: WatchedWord): void;
}) {
  const { action, words, busy, onRemove } = props;
  const { name, does } = LISTS[action];
  const headingId = useId();
  return (
    <section className={styles.list} aria-labelledby={headingId} data-testid={`watch-list-${action}`}>
      <h3 id={headingId} className={styles.listName}>
        {name} <span className={styles.listCount}>{words.length}</span>
      </h3>
      <p className={styles.does}>{does}</p>
      {words.length === 0 ? (
        <p className={styles.none}>No words on this list</p>
      ) : (
        <ul className={styles.words}>
          {words.map((w) => (
            <li key={w.id} className={styles.word}>
              <span className={styles.wordText}>{w.word}</span>
              <Button
                variant="ghost"
                iconOnly
                className={styles.remove}
                disabled={busy === w.id}
                aria-label={`Remove “${w.word}” from ${name}`}
                onClick={() => onRemove(w)}
              >
                <Icon name="close" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function WatchedWordsTab() {
  const list = useWatchedWords();
  const remove = useRemoveWatchedWord();
  const [busy, setBusy] = useState<string>();
  const onRemove = async (word: WatchedWord) => {
    setBusy(word.id);
    const outcome = await remove.run(word.id);
    setBusy(undefined);
    if (outcome.ok && list.state === 'ready') list.update((rows) => rows.filter((r) => r.id !== word.id));
  };
  const onAdded = (word: WatchedWord) => {
    if (list.state === 'ready') list.update((rows) => [...rows, word]);
  };
  return (
    <>
      <p className={styles.intro}>
        Checked by the database on members’ posts, thread titles, messages and profile fields, however they are spelled:
        any case, spaces or signs between letters, lookalike letters and repeated letters. Staff are not checked.
      </p>
      <AddWordForm onAdded={onAdded} />
      <ListGate list={list} failed="Failed to load the watched words" empty="No watched words yet" />
      {list.state === 'ready' && list.rows.length > 0 && (
        <div className={styles.lists}>
          {WATCH_ACTIONS.map((action) => (
            <WordList
              key={action}
              action={action}
              words={list.rows.filter((w) => w.action === action)}
              busy={busy}
              onRemove={(w) => void onRemove(w)}
            />
          ))}
        </div>
      )}
      <LoadMore list={list} failed="Failed to load more words" />
    </>
  );
}
