// One claimed delivery, as claim_notification_deliveries() hands it out, and how its sending ended.

export interface Delivery {
  delivery_id: string;
  channel: 'email' | 'push';
  attempt: number;
  notification_id: string;
  kind: 'message' | 'reply' | 'mention' | 'like';
  recipient_id: string;
  recipient_email: string | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_count: number;
  thread_id: string | null;
  thread_slug: string | null;
  thread_title: string | null;
  post_id: string | null;
  message_id: string | null;
  message_subject: string | null;
  excerpt: string | null;
  created_at: string;
}

/**
 * sent: delivered. retry: a transient failure (network, 429, 5xx, missing settings), tried again with backoff.
 * permanent: nothing will ever deliver it (no device left, an address the mail API refuses); not tried again.
 */
export type Outcome = { kind: 'sent' } | { kind: 'retry'; error: string } | { kind: 'permanent'; error: string };
