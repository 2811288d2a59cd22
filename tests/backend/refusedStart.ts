// `npm start`'s server (supabase/local/start.ts) run as a process of its own, for the tests of what it refuses.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How the server exited when started with `env`: its code and error output, or undefined when it exited cleanly. */
export function refusedStart(env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string } | undefined> {
  return run(process.execPath, ['--import', 'tsx', 'supabase/local/start.ts'], { env }).then(
    () => undefined,
    (e: { code: number; stderr: string }) => e,
  );
}
