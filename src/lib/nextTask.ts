/** Settles in a task of its own: what runs after it does not lengthen the task that awaited it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
