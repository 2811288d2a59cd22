// This device's push subscription rows: saved when the member turns push on, deleted when off.
import { deleteSubscription, saveSubscription } from '../../backend/pushSubscriptions.ts';
import { useServerCalls } from './useServerCalls.ts';

const PUSH_CALLS = { saveSubscription, deleteSubscription };

export const usePushSubscriptions = () => useServerCalls(PUSH_CALLS);
