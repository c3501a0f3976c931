#!/usr/bin/env node
// Adds up the CI checks: each non-test step counts once, each test of a suite counts once (read
// from the suite's JSON report). A suite that failed without a report counts as one failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [dir, stepsPassed, stepsFailed] = process.argv.slice(2);
let passed = Number(stepsPassed);
let failed = Number(stepsFailed);
let skipped = 0;
const lines = (f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean) : []);
const failedSuites = new Set(lines('failed-suites'));
const noReport = new Set(lines('no-report'));

// Why each test failed, a few lines each, at the end of the log: the part of a CI log that is kept
const FAILURE_LINES = 8;
const MAX_FAILURES = 12;
const failures = [];
// The slowest tests of every suite (vitest and Playwright report each one's duration, ms)
const durations = [];
const why = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((l) => l.trim() && !/node_modules|node:internal|new Promise/.test(l))
    .slice(0, FAILURE_LINES)
    .map((l) => `    ${l.slice(0, 240)}`)
    .join('\n');
function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0);
      durations.push({ name: `${file} › ${spec.title}`, ms });
      if (test.status === 'unexpected') {
        const last = test.results?.at(-1);
        const error = last?.errors?.[0] ?? last?.error;
        const at = error?.location ? `\n    at ${error.location.file}:${error.location.line}` : '';
        failures.push(`${file}:${spec.line} › ${spec.title}\n${why(error?.message ?? last?.status)}${at}`);
      }
    }
  for (const child of suite.suites ?? []) playwrightFailures(child, child.file ?? file);
}
function vitestFailures(report) {
  for (const result of report.testResults ?? []) {
    for (const a of result.assertionResults ?? [])
      durations.push({ name: `${result.name} › ${a.fullName}`, ms: a.duration ?? 0 });
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${result.name} › ${a.fullName}\n${why(a.failureMessages?.[0])}`);
    if (!failedTests.length && result.status === 'failed') failures.push(`${result.name}\n${why(result.message)}`);
  }
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats) {
    // Playwright
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file);
    for (const error of report.errors ?? []) failures.push(`${file}: ${why(error.message)}`);
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (report.errors?.length) failed += report.errors.length;
  } else {
    // Vitest
    vitestFailures(report);
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.success === false && !report.numFailedTests) failed += 1; // e.g. a file that failed to load
  }
}
// How long each step took (.ci/run writes steps.tsv; steps beside each other overlap)
const steps = lines('steps.tsv').map((l) => l.split('\t'));
if (steps.length) {
  console.log('\nsteps (seconds; a step started in the background ran beside the ones after it):');
  for (const [name, seconds] of steps) console.log(`  ${String(seconds).padStart(6)}  ${name}`);
}
const SLOWEST = 10;
if (durations.length) {
  console.log(`\nthe ${SLOWEST} slowest tests (seconds):`);
  for (const d of durations.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    console.log(`  ${(d.ms / 1000).toFixed(1).padStart(6)}  ${d.name.replace(process.cwd() + '/', '')}`);
}
if (failures.length) {
  console.log(`\nwhy the tests failed (${Math.min(failures.length, MAX_FAILURES)} of ${failures.length}):`);
  for (const f of failures.slice(0, MAX_FAILURES)) console.log(`  ${f}`);
  console.log('');
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
