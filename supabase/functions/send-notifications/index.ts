// The hosted entry point: Supabase Edge Functions run this file on Deno. The handler itself is runtime-neutral.
import { createHandler } from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): unknown };

Deno.serve(createHandler());
