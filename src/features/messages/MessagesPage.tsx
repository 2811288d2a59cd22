// /messages (signed-in): inbox and sent messages. Filled in by the messages issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function MessagesPage() {
  return (
    <ComingSoon title="Messages" icon="mail">
      Your inbox and sent messages, and writing to other members.
    </ComingSoon>
  );
}
