// The member's web-push subscriptions (one row per device, RLS: their own only): stored when push is turned on,
// deleted when it is turned off. Each answers as supabase-js does; a refusal becomes an AppError.
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function saveSubscription(client: ForumClient, userId: string, subscription: StoredSubscription) {
  const { error, status } = await client.from('push_subscriptions').insert({ user_id: userId, ...subscription });
  if (error) throw backendError('Error saving push subscription', error, status);
}

export async function deleteSubscription(client: ForumClient, endpoint: string) {
  const { error, status } = await client.from('push_subscriptions').delete().eq('endpoint', endpoint);
  if (error) throw backendError('Error removing push subscription', error, status);
}
