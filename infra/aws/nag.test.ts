/**
 * cdk-nag's AWS Solutions rules over the whole app, registered as app.ts registers them: no finding may be left
 * unacknowledged, in the default deployment or with a custom domain. Bundling is skipped (it changes asset hashes,
 * nothing a rule reads), and a built SPA is faked so its deployment is checked too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChecks } from './checks.js';
import { cdkJsonContext, configFromContext } from './config.js';
import { buildToko } from './toko.js';

let scratch: string;
let spaDir: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'toko-cdk-nag-'));
  spaDir = join(scratch, 'dist');
  mkdirSync(join(spaDir, 'assets'), { recursive: true });
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Toko</title>');
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log(1)');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Synthesizes the app with the checks and returns each unacknowledged finding as `rule at construct path`. */
function findings(context: Record<string, string> = {}) {
  const app = new App({
    outdir: mkdtempSync(join(scratch, 'out-')),
    builtinCloudFormationValidation: false,
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context },
  });
  buildToko(app, configFromContext(app.node, { spaDir }));
  const checks = addChecks(app);
  let synthesis: unknown;
  try {
    app.synth();
  } catch (error) {
    synthesis = error;
  }
  // The same rules over the synthesized tree, for a list that names each finding (synthesis stops at the first report).
  const listed = checks
    .validateScope(app)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId}`),
    );
  return { listed, synthesis };
}

describe('AWS Solutions checks', () => {
  it('leave no finding unacknowledged in the default deployment', () => {
    const { listed, synthesis } = findings();
    expect(listed).toEqual([]);
    expect(synthesis).toBeUndefined();
  });

  it('leave no finding unacknowledged with a custom domain, whose certificate needs no TLS acknowledgement', () => {
    const { listed, synthesis } = findings({
      domain: 'music.toko.example',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
      apiDomain: 'api-origin.toko.example',
      apiCertificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api',
    });
    expect(listed).toEqual([]);
    expect(synthesis).toBeUndefined();
  });
});
