// The new-thread form: category, title and the editor (12 rows), checked by the spec's rules, then written to the
// mirror and the outbox, so it opens at once, online or not, and is sent when there is a connection.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../state/toast.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { awaitConfirmation, SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useThreadActions } from '../../state/mutations/threads.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { FAILURES } from '../../backend/failureTexts.ts';
import { extractImages } from '../../content/images.ts';
import { fieldErrors, type FieldErrors } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { ContentEditor, useDraft, type ContentEditorHandle } from '../editor/index.ts';
import { logError, reportError } from '../../state/errors/reportError.ts';
import { CategorySelect } from './CategorySelect.tsx';
import styles from './CreateThreadPage.module.css';
import type { SharePrefill } from './sharePrefill.ts';
import { threadSchema, type ThreadValues } from './threadSchema.ts';

const THREAD_CREATED = 'Thread created successfully!';

const EMPTY: ThreadValues = { categoryId: '', title: '', content: '' };

export function CreateThreadForm({ userId, prefill }: { userId: string; prefill: SharePrefill | null }) {
  const [values, setValues, clearDraft] = useDraft(
    `guap:draft:new-thread:${userId}`,
    EMPTY,
    prefill && { ...EMPTY, ...prefill },
  );
  const [errors, setErrors] = useState<FieldErrors<ThreadValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const editor = useRef<ContentEditorHandle>(null);
  const online = useSyncStatusOf((s) => s.online);
  const actions = useThreadActions();
  const navigate = useNavigate();
  const router = useRouter();
  const banned = useSession((s) => !s.profileIsPlaceholder && s.profile?.is_banned === true);
  const ids = { content: useId(), contentError: useId() };

  // The new thread opens in the thread view, maybe offline: fetch that screen's code now, while there may be a
  // connection, in case the service worker has not cached it yet.
  useEffect(() => {
    router
      .preloadRoute({ to: '/t/$idOrSlug', params: { idOrSlug: 'new' } })
      .catch((error: unknown) => logError(error, 'The thread view could not be preloaded'));
  }, [router]);

  const validate = (next: ThreadValues) => {
    const result = threadSchema.safeParse(next);
    setErrors(result.success ? {} : fieldErrors(result.error));
    return result;
  };

  const change = (patch: Partial<ThreadValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Messages appear on the first submit, then follow each change, so nobody is scolded while typing.
    if (submitted) validate(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) {
      const first = result.error.issues[0]?.path[0];
      if (first === 'content') editor.current?.focus();
      else document.querySelector<HTMLElement>(`[data-field="${String(first)}"]`)?.focus();
      return;
    }
    const { categoryId, title, content } = result.data;
    setSaving(true);
    try {
      const created = await actions.createThread({ categoryId, title, content, images: extractImages(content) });
      clearDraft();
      // Its success is told once the server has it; offline, the member is told it is kept until then.
      if (!online) toast.success(SAVED_OFFLINE);
      awaitConfirmation({ table: 'threads', id: created.threadId, confirmed: THREAD_CREATED });
      void navigate({ to: '/t/$idOrSlug', params: { idOrSlug: created.slug } });
    } catch (error) {
      reportError(error, FAILURES.createThread);
      setSaving(false);
    }
  };

  const cancel = () => {
    clearDraft();
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/' });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="create-thread-title">
      <h1 id="create-thread-title" className={styles.heading}>
        Create New Thread
      </h1>
      {banned && (
        <p className={styles.notice} role="alert">
          Your account is banned, so you cannot start threads.
        </p>
      )}
      {!online && (
        <p className={styles.notice} role="status">
          You are offline. Your thread will be saved here and sent when you are back online; images need a connection.
        </p>
      )}
      <CategorySelect
        value={values.categoryId}
        error={errors.categoryId}
        onChange={(categoryId) => change({ categoryId })}
      />
      <Field
        label="Title"
        data-field="title"
        value={values.title}
        placeholder="What is your thread about?"
        error={errors.title}
        onChange={(e) => change({ title: e.target.value })}
      />
      <div className={styles.field}>
        <label htmlFor={ids.content} className={styles.label}>
          Content
        </label>
        <ContentEditor
          ref={editor}
          id={ids.content}
          rows={12}
          value={values.content}
          onChange={(content) => change({ content })}
          placeholder="Write your post. Markdown works: **bold**, *italic*, lists, links, images and [youtube:ID] videos."
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? ids.contentError : undefined}
        />
        {errors.content && (
          <span id={ids.contentError} className={styles.error}>
            {errors.content}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        <Button onClick={cancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={saving || banned}>
          {saving ? 'Creating…' : 'Create Thread'}
        </Button>
      </div>
    </form>
  );
}
