/** Whether this code runs on a page's thread, where a tap waits behind each task, rather than in a worker. */
export const ON_PAGE_THREAD = 'document' in globalThis;

/** Settles in a task of its own: what runs after it does not lengthen the task that awaited it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
