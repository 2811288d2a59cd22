import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_FILES = ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'];
/** Unit files that set a global (fake-indexeddb/auto, which Dexie reads once, on import): each in a fresh module graph. */
const OWN_GLOBALS = ['src/state/mutations/bulkThreads.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...OWN_GLOBALS],
          environment: 'node',
          // Unit files share their workers' modules (each file makes its own mirrors and stores): importing React
          // and the app once per worker, not once per file, is most of this project's time.
          isolate: false,
          // A mirror upgraded through its 13 versions in fake-indexeddb takes 1-2 s alone, and went past vitest's 5 s
          // default on a busy machine: a bound for a stuck test, not a wait.
          testTimeout: 30_000,
          // Projects with different worker limits run one after the other: unit first, it fails fastest.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: OWN_GLOBALS,
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'backend',
          include: ['tests/backend/**/*.test.ts'],
          environment: 'node',
          // The migrated databases every file copies, made once per pass.
          globalSetup: ['tests/backend/globalSetup.ts'],
          // Files share their workers' modules, as the unit files do: each file starts its own stacks, and no module
          // keeps state between files. Importing once per worker saved 60 s of the pass (import 90 s → 15 s).
          isolate: false,
          // Each file starts its own stack (PGlite boot ~2 s); two at a time fits the 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // Generous: on a machine at load 20, a stack took 140 s to start and 31 sign-ins took over 30 s.
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
