// A function's settings on either runtime: Deno.env on hosted Supabase, process.env under Node (the local stack
// hands its own reader to each function instead, so two stacks in one process keep their own settings).

export type Env = (name: string) => string | undefined;

interface Runtimes {
  Deno?: { env: { get(name: string): string | undefined } };
  process?: { env: Record<string, string | undefined> };
}

export const runtimeEnv: Env = (name) => {
  const runtimes = globalThis as Runtimes;
  return runtimes.Deno ? runtimes.Deno.env.get(name) : runtimes.process?.env[name];
};
