/**
 * A vitest reporter for scripts/test.mjs: it appends each failed test (and each file that failed outside its tests, in
 * a hook or on import, and each unhandled error) to the file TOKO_FAILURES names, one line each, so `npm test` can
 * repeat them in its last lines. CI keeps only the end of a long run's output, where the held reports of the lint and
 * the faults come after the first vitest's own summary.
 */
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (error) =>
  String(error?.message ?? error ?? '')
    .split('\n')[0]
    .slice(0, 1000);

/**
 * The first error of a failed test: its first line, what it was waiting for (the first step of a Playwright call log,
 * e.g. which locator a `waitFor` timed out on) and the line of our code it was thrown from, so a log alone tells which
 * step of a long journey failed.
 */
const described = (error) => {
  const lines = String(error?.message ?? error ?? '').split('\n');
  const callLog = lines.findIndex((line) => line.trim() === 'Call log:');
  const waited = callLog >= 0 ? lines.slice(callLog + 1).find((line) => line.trim()) : undefined;
  const ours = (error?.stacks ?? []).find(({ file }) => !file.includes('node_modules'));
  return [
    firstLine(error),
    waited && `(${waited.trim().replace(/^- /, '')})`,
    ours && `at ${path.relative(process.cwd(), ours.file)}:${ours.line}`,
  ]
    .filter(Boolean)
    .join(' ');
};

export default class Failures {
  record(line) {
    const file = process.env.TOKO_FAILURES;
    if (file) fs.appendFileSync(file, `${line}\n`);
  }

  where(testModule) {
    return `${testModule.project.name} › ${path.relative(process.cwd(), testModule.moduleId)}`;
  }

  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const [first, ...more] = result.errors ?? [];
    this.record(`${this.where(testCase.module)} › ${testCase.fullName}: ${described(first)}`);
    // A browser test adds what its page showed as an error of its own (test/e2e/browser.ts).
    for (const error of more) this.record(`  and: ${firstLine(error)}`);
  }

  onTestModuleEnd(testModule) {
    for (const error of testModule.errors()) this.record(`${this.where(testModule)}: ${firstLine(error)}`);
  }

  onTestRunEnd(_modules, unhandledErrors) {
    for (const error of unhandledErrors) this.record(`unhandled: ${firstLine(error)}`);
  }
}
