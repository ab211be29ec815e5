// Prints the test counts of the last `npm test` in CI (from the JSON reports of vitest and Playwright) and the
// closing line "N passed, N failed, N skipped".
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const totals = { passed: 0, failed: 0, skipped: 0 };

// The rules' tests (npm run test:coverage, run once, with their coverage), the rest of main, shared and scripts
// (npm run test:unit:besides-rules), then the renderer's (npm run test:coverage:renderer, issue 32).
for (const [file, what] of [
  ['test-results/rules-results.json', 'rules, with coverage (vitest)'],
  ['test-results/unit-results.json', 'unit and integration (vitest)'],
  ['test-results/renderer-results.json', 'renderer unit and component (vitest)'],
]) {
  const unit = read(file);
  if (unit) {
    const u = { passed: unit.numPassedTests, failed: unit.numFailedTests, skipped: unit.numPendingTests + (unit.numTodoTests ?? 0) };
    console.log(`${what}: ${u.passed} passed, ${u.failed} failed, ${u.skipped} skipped`);
    for (const k of Object.keys(totals)) totals[k] += u[k];
  } else {
    console.log(`${what}: did not run`);
  }
}

const e2e = read('test-results/e2e-results.json');
if (e2e) {
  const s = e2e.stats;
  const e = { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
  console.log(`end-to-end (playwright): ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped`);
  for (const k of Object.keys(totals)) totals[k] += e[k];
} else {
  console.log('end-to-end (playwright): did not run');
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
