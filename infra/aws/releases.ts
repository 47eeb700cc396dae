/**
 * Gradual releases: every function is published as a version behind its `live` alias, which everything that invokes it
 * names (API routes, event-source mappings, schedules), and CodeDeploy moves the alias to a new version while it watches
 * the alarms that concern the function, rolling back by itself when one fires (docs/releases.md).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup, type ILambdaDeploymentConfig } from 'aws-cdk-lib/aws-codedeploy';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { acknowledge } from './checks.js';
import { pascal } from './config.js';

/** The alias every caller invokes. */
export const LIVE_ALIAS = 'live';

/**
 * How CodeDeploy moves a function's traffic to a new version:
 * - `canary`: a tenth of the invocations for five minutes, then all, for functions where two versions side by side
 *   harm nothing (each request or message stands on its own);
 * - `at-once`: all at once, for functions that must not run two versions side by side (releasePaces says which and
 *   why). Either way the deployment group watches the function's alarms and rolls back when one fires.
 */
export type ReleasePace = 'canary' | 'at-once';

export const deploymentConfigs: Record<ReleasePace, ILambdaDeploymentConfig> = {
  canary: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  'at-once': LambdaDeploymentConfig.ALL_AT_ONCE,
};

/** Why a reactor is released at once rather than by canary (every projector and the relay are, for the reasons below). */
export const atOnceReactors: Readonly<Record<string, string>> = {
  // A page rendered by the old version after the release's full render (api-stack.ts) would stay old until its album
  // changes again: pages must come from one renderer.
  prerender: 'pages must come from one renderer',
  // A member's tier follows their subscription's events in order; two versions taking turns at one member's events
  // could disagree on the tier the last one leaves.
  'user-tier': "a member's tier follows their subscription's events in order",
};

/**
 * The pace of each kind of function:
 * - HTTP functions: canary; each request stands alone, and the API's 5xx share shows a bad version within minutes.
 * - The relay: at once. It forwards each shard's records in order to the queues its routing names; for a canary's five
 *   minutes a tenth of the batches would follow the new routing and the rest the old, so a consumer the release adds or
 *   changes would see a random part of its events.
 * - Projectors: at once. Each view item moves its per-stream checkpoint with the view (FIFO per stream); two versions of
 *   `evolve` taking turns at one stream would write one view with two sets of rules, and a checkpoint then says the
 *   item is up to date when half of it follows the old rules.
 * - Reactors: canary, but those of atOnceReactors; each message's effect stands alone and is idempotent.
 * - Scheduled jobs: at once. They run once a minute to once an hour, so a five-minute tenth would rarely see a run and
 *   would prove nothing, and the rebuild and drift jobs run the projections' code, which must be one version as above.
 */
export function releasePace(kind: 'http' | 'relay' | 'projector' | 'reactor' | 'scheduled', name?: string): ReleasePace {
  if (kind === 'http') return 'canary';
  if (kind === 'reactor') return name !== undefined && name in atOnceReactors ? 'at-once' : 'canary';
  return 'at-once';
}

export interface ReleasesProps {
  prefix: string;
  /** False where CodeDeploy is not available (LocalStack's free edition): the aliases stay, moved by CloudFormation at once. */
  gradual: boolean;
}

/** The CodeDeploy application of the functions, one deployment group per function, one service role for them all. */
export class Releases extends Construct {
  readonly application?: LambdaApplication;
  /** Each function's deployment group, by the function's name in the alarms (functionAlarmName). */
  readonly groups = new Map<string, LambdaDeploymentGroup>();
  /** Each function's live alias, by the function's name in the alarms. */
  readonly aliases = new Map<string, Alias>();
  private readonly role?: Role;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: ReleasesProps) {
    super(scope, id);
    this.prefix = props.prefix;
    if (!props.gradual) return;
    this.application = new LambdaApplication(this, 'Application', { applicationName: `${props.prefix}functions` });
    this.role = new Role(this, 'ServiceRole', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'CodeDeploy: moves the functions live aliases and reads their alarms',
    });
    acknowledge(
      this.role,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      "CDK's LambdaDeploymentGroup attaches CodeDeploy's own policy for Lambda, the limited one: update and read aliases, " +
        'describe alarms, invoke only functions named CodeDeployHook_*. It changes with the service, which a copy would not.',
    );
  }

  /**
   * Publishes `fn` as a version behind its live alias and, when releases are gradual, gives the alias a deployment
   * group at `pace` watching the alarms named (alarm-names.ts). Returns the alias, for every caller to invoke.
   */
  live(fn: LambdaFunction, name: string, pace: ReleasePace, alarms: readonly string[]): Alias {
    const alias = new Alias(fn, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    this.aliases.set(name, alias);
    if (!this.application || !this.role) return alias;
    const id = pascal(name);
    const group = new LambdaDeploymentGroup(this, id, {
      application: this.application,
      alias,
      role: this.role,
      deploymentConfig: deploymentConfigs[pace],
      alarms: alarms.map((alarmName) => Alarm.fromAlarmName(this, `${id}${pascal(alarmName.slice(this.prefix.length))}`, alarmName)),
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
    this.groups.set(name, group);
    return alias;
  }
}

/**
 * The settings of each function's versions: a version the alias has left is deleted once the stack's update has
 * succeeded (CodeDeploy's shift and its rollback happen within the update, while both versions exist); going back
 * after that is a release of the earlier commit (docs/releases.md), so no old version needs to stay.
 */
export const currentVersionOptions = { removalPolicy: RemovalPolicy.DESTROY };
