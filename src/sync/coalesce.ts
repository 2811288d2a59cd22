// Runs `task` for every call, but never two at once and never more than one waiting: calls made while it runs are
// served by one more run after it. Pokes come in bursts (a reply pokes once per transaction, a thread many members),
// and a pull already brings everything up to its start.
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (running) {
      const next = () => {
        again = null;
        return run();
      };
      // After the run, failed or not: the calls it did not serve still get theirs.
      again ??= running.then(next, next);
      return again;
    }
    running = task().finally(() => {
      running = null;
    });
    return running;
  };
  return run;
}
