// The hosted entry point: Supabase Edge Functions run this file on Deno. The handler itself is runtime-neutral.
import { createHandler } from './handler.ts';

// Read from globalThis, so this file type-checks under Node's types here and under Deno's own when deployed.
const { Deno } = globalThis as unknown as { Deno: { serve(handler: (req: Request) => Promise<Response>): unknown } };

Deno.serve(createHandler());
