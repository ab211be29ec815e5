import { defineConfig } from 'vitest/config';

// Unit and integration tests live next to the code (*.test.ts). End-to-end specs (e2e/*.spec.ts) run in Playwright.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'src-main/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    // npm run test:coverage: line coverage of the rules package (issue 3 asks for at least 95 %).
    coverage: {
      provider: 'v8',
      include: ['shared/rules/**/*.ts'],
      exclude: ['**/*.test.ts', '**/test-helpers.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/unit-results.json' }]] : ['default'],
  },
});
