// /t/{idOrSlug} and /thread/{id}: one thread and its posts. Filled in by the thread issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function ThreadPage() {
  return (
    <ComingSoon title="Thread" icon="list">
      The thread view, with its posts, quotes and the reply form.
    </ComingSoon>
  );
}
