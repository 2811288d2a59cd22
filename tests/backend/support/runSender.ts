// Runs send-notifications once in a process of its own, its settings in process.env as a hosted function's are in
// Deno.env, so that a test can kill it in the middle of a batch. Prints the function's status and answer.
import '../../../supabase/local/noRealtimeSocket.ts';
import { createHandler } from '../../../supabase/functions/send-notifications/handler.ts';

const response = await createHandler()(
  new Request('http://127.0.0.1/functions/v1/send-notifications', {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.SUPABASE_SERVICE_ROLE_KEY ?? ''}` },
  }),
);
console.log(response.status, await response.text());
