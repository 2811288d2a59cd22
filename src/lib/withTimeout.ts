// A promise given a time: its own answer if it comes in time, or what `late` gives (or throws) once the time is up.

export function withTimeout<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  }).then(late);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
