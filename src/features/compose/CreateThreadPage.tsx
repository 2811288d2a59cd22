// /create-thread (signed-in): the new-thread form. Filled in by the compose issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function CreateThreadPage() {
  return (
    <ComingSoon title="Start a Discussion" icon="list">
      Pick a category, give your thread a title and write the first post, with images and videos.
    </ComingSoon>
  );
}
