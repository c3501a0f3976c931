#!/usr/bin/env node
// Adds up the CI checks: each non-test step counts once, each test of a suite counts once (read
// from the suite's JSON report). A suite that failed without a report counts as one failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [dir, stepsPassed, stepsFailed] = process.argv.slice(2);
let passed = Number(stepsPassed);
let failed = Number(stepsFailed);
let skipped = 0;
const lines = (f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean) : []);
const failedSuites = new Set(lines('failed-suites'));
const noReport = new Set(lines('no-report'));

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (report.errors?.length) failed += report.errors.length;
  } else {
    // Vitest
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.success === false && !report.numFailedTests) failed += 1; // e.g. a file that failed to load
  }
}
for (const name of noReport) {
  console.log(`no report from: ${name}`);
  failed += 1;
}
for (const name of failedSuites) console.log(`failed suite: ${name}`);
// In CI nothing skips silently: a skipped test is a failure of the run.
if (skipped) console.log(`${skipped} tests were skipped, which CI does not allow`);
const ok = failed === 0 && skipped === 0 && failedSuites.size === 0;
console.log(
  `\n${passed} passed, ${failed + skipped + (failed === 0 && failedSuites.size ? failedSuites.size : 0)} failed`,
);
process.exit(ok ? 0 : 1);
