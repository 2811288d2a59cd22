// The reply form's code, apart from the thread's screen: a visitor reading a thread never loads it (the editor, its
// tooltips and its emoji picker: 20 KB gzip). A member's start loads it (renderApp): before a thread's first render,
// or once the first screen is up on another, so the box shows at once, and is there offline too.
import { preloadableLazy } from '../../lib/preloadableLazy.ts';
import { whenIdle } from '../../lib/whenIdle.ts';
import { loadMarkdownRenderer } from '../../content/Markdown.tsx';

/** With the markdown renderer: the member's reply shows, rendered, as soon as it is sent, offline too. */
const replyFormCode = preloadableLazy(
  () => Promise.all([import('./ReplyForm.tsx'), loadMarkdownRenderer()]).then(([m]) => m),
  (m) => m.ReplyForm,
);

/** The form: the loaded module's when it is here, so that nothing suspends; else one that loads. */
export const replyFormComponent = replyFormCode.component;

/**
 * A member's start: on a thread the first render waits for the form; elsewhere it loads once the page is idle. A load
 * that fails is the lazy form's to try again.
 */
export function loadForMember(
  onThread: boolean,
  logError: (error: unknown, context: string) => void,
): Promise<unknown> {
  const load = () => replyFormCode.load().catch((error: unknown) => logError(error, 'Could not load the reply form'));
  if (onThread) return load();
  whenIdle(() => void load(), 5_000);
  return Promise.resolve();
}
