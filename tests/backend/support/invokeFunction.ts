// Calls an Edge Function through the local stack as supabase-js does, and answers its status and JSON body, a
// refusal included, so a test can assert either.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';

export interface FunctionAnswer {
  status: number;
  body: unknown;
}

export async function invokeFunction(client: SupabaseClient, name: string, body: unknown): Promise<FunctionAnswer> {
  const { data, error } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}
