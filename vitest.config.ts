import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // A private temporary directory for the run, removed at the end; leftovers fail the run.
    globalSetup: ['test/helpers/tempRoot.ts'],
  },
});
