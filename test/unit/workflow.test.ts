/**
 * The release workflow (.github/workflows/release.yml) is valid for GitHub Actions, and keeps the promises
 * docs/stages-and-pipeline.md makes: AWS only through OIDC, tested before deployed, staging before production,
 * production behind its approval, a smoke test after every deployment, actions pinned to commits.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const source = readFileSync(repo('.github/workflows/release.yml'), 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  environment?: string | { name: string; url?: string };
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = parse(source) as Workflow;
const { test, staging, production } = workflow.jobs;
const deployJobs = { staging, production };

const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
const needsOf = (job: Job) => [job.needs ?? []].flat();
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));
const indexOfRun = (job: Job, pattern: RegExp) => job.steps.findIndex((step) => step.run && pattern.test(step.run));
const awsStep = (job: Job) => job.steps.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'));

describe('the release workflow', () => {
  it("is valid against GitHub's workflow schema", () => {
    expect(validateWorkflow(source).errors).toEqual([]);
  });

  it('is refused by the validator when broken, so the check above means something', () => {
    const broken = source.replace('runs-on: ubuntu-24.04', 'run-on: ubuntu-24.04');
    expect(validateWorkflow(broken).errors).not.toEqual([]);
  });

  it('runs for main and by hand only: a pull request never reaches a deployment', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
  });

  it('installs, tests and synthesizes before anything is deployed', () => {
    expect(runs(test)).toEqual(['npm ci', 'npm test', 'npm run synth']);
    expect(needsOf(staging)).toEqual(['test']);
  });

  it('deploys to staging, and to production only after staging, in their own GitHub environments', () => {
    expect(environmentOf(staging)).toBe('staging');
    expect(environmentOf(production)).toBe('production');
    expect(needsOf(production)).toEqual(['staging']);
    expect(staging.env?.TOKO_PREFIX).toBe('staging-');
    expect(production.env?.TOKO_PREFIX).toBe('toko-');
  });

  it('smoke-tests each deployment right after it, at the URL the deployment answered', () => {
    for (const job of Object.values(deployJobs)) {
      const deploy = indexOfRun(job, /^scripts\/deploy-stage\.sh$/);
      expect(deploy).toBeGreaterThan(-1);
      expect(job.steps[deploy].id).toBe('deploy');
      const smoke = job.steps[deploy + 1];
      expect(smoke.run).toBe('npm run smoke -- "$APP_URL"');
      expect(smoke.env?.APP_URL).toBe('${{ steps.deploy.outputs.url }}');
    }
    expect(readFileSync(repo('scripts/deploy-stage.sh'), 'utf8')).toMatch(/-c "prefix=\$TOKO_PREFIX"/);
    accessSync(repo('scripts/deploy-stage.sh'), constants.X_OK);
  });

  it('reaches AWS only through an OIDC role named by an environment variable, with no AWS keys anywhere', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(test.permissions?.['id-token']).toBeUndefined();
    for (const job of Object.values(deployJobs)) {
      expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
      const aws = awsStep(job);
      expect(aws?.with?.['role-to-assume']).toBe('${{ vars.AWS_ROLE_ARN }}');
      expect(Object.keys(aws?.with ?? {}).filter((input) => /access-key|secret|session-token/.test(input))).toEqual([]);
      // Credentials come before the deployment that needs them.
      expect(job.steps.indexOf(aws!)).toBeLessThan(indexOfRun(job, /deploy-stage/));
    }
    expect(source).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|aws-access-key-id|aws-secret-access-key/);
    expect(source).not.toMatch(/\bsecrets\./);
  });

  it('pins every action to a commit, its version named beside it', () => {
    const uses = [...source.matchAll(/uses:\s*(\S+)(.*)$/gm)].map(([, action, comment]) => ({ action, comment: comment.trim() }));
    expect(uses.length).toBeGreaterThan(0);
    for (const { action, comment } of uses) {
      expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      expect(comment).toMatch(/^# v\d+\.\d+\.\d+$/);
    }
  });
});
