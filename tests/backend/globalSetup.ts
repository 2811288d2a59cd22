// Vitest's global setup for the backend tests: the migrated templates are made once, before any test file starts.
import { prepareTemplates } from '../support/migratedDatabase.ts';

export default async function setup(): Promise<void> {
  await prepareTemplates();
}
