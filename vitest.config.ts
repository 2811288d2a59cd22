import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Projects with different worker limits run one after the other: unit first, it fails fastest.
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
