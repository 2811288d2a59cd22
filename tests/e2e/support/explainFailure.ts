// CI prints only the first line of a failed test's error. A check run here fails with a first line that names its
// step and what the test could read at that moment, so one CI run tells which step failed and in what state.
export async function explainFailure(step: string, check: () => Promise<unknown>, seen: () => Promise<unknown>) {
  try {
    await check();
  } catch (error) {
    const state = await seen().then(
      (value) => JSON.stringify(value),
      (unreadable: unknown) => `unreadable (${String(unreadable)})`,
    );
    throw new Error(`${step} failed; seen then: ${state}`, { cause: error });
  }
}
