/**
 * The infrastructure checks: cdk-nag's AWS Solutions rules over the whole app, run at every synthesis (so
 * `cdk synth`/`deploy` stop on a new finding) and by nag.test.ts. A finding is fixed, or acknowledged in code next
 * to what it is about, with `acknowledge` below.
 */
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function addChecks(app: App): AwsSolutionsChecks {
  const checks = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(checks);
  return checks;
}

/**
 * Accepts one finding on `scope` and what it contains. `rule` is the rule's id without the pack
 * (`APIG4`), followed, for a rule that reports several findings per resource, by the finding itself
 * (`IAM5[Resource::*]`): each is acknowledged on its own, never a rule as a whole.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string) {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}
