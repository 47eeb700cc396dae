/**
 * The `-c target=localstack` variant, synthesized as `npm run deploy:localstack` does: only resources of the services
 * LocalStack's free edition runs, no layer, no CodeDeploy, and still every function behind its live alias. Bundling is
 * skipped (it changes asset hashes, nothing read here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumers } from '../../functions/consumers.js';
import { contexts } from '../../functions/routes.js';
import { schedules } from '../../functions/schedules.js';
import { addChecks } from './checks.js';
import { cdkJsonContext, configFromContext } from './config.js';
import { buildLocalStackToko } from './localstack.js';
import { LIVE_ALIAS } from './releases.js';

type Resource = { Type: string; Properties?: Record<string, unknown>; UpdatePolicy?: unknown };

/** The resource types of the services LocalStack's free edition runs that the variant uses. */
const freeEdition = new Set([
  'AWS::CDK::Metadata',
  'AWS::CloudWatch::Alarm',
  'AWS::CloudWatch::Dashboard',
  'AWS::DynamoDB::Table',
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::Alias',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::Permission',
  'AWS::Lambda::Version',
  'AWS::Logs::LogGroup',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SecretsManager::Secret',
  'AWS::SES::EmailIdentity',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  'AWS::SQS::Queue',
  'AWS::SQS::QueuePolicy',
  // CDK's custom resource that empties a bucket the stack deletes: a Lambda function of its own.
  'Custom::S3AutoDeleteObjects',
]);

let outdir: string;
let resources: [string, Resource][];
let synthesis: unknown;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'toko-localstack-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], target: 'localstack' } });
  const toko = buildLocalStackToko(app, configFromContext(app.node, { spaDir: join(outdir, 'no-spa-built') }));
  addChecks(app);
  try {
    app.synth();
  } catch (error) {
    synthesis = error;
  }
  resources = Object.values(toko).flatMap((stack) =>
    Object.entries<Resource>(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>),
  );
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);

describe('the LocalStack variant', () => {
  it('synthesizes with the same checks as the full app, and nothing but what the free edition runs', () => {
    expect(synthesis).toBeUndefined();
    const types = new Set(resources.map(([, resource]) => resource.Type));
    expect([...types].filter((type) => !freeEdition.has(type))).toEqual([]);
  });

  it('has no CloudFront, HTTP API, CodeDeploy or layer, and no function loads a layer', () => {
    const paid = resources.filter(([, r]) => /^AWS::(CloudFront|ApiGatewayV2|CodeDeploy)::|^AWS::Lambda::LayerVersion$/.test(r.Type));
    expect(paid).toEqual([]);
    for (const [id, fn] of ofType('AWS::Lambda::Function')) expect(fn.Properties?.Layers, id).toBeUndefined();
    for (const [id, alias] of ofType('AWS::Lambda::Alias')) expect(alias.UpdatePolicy, id).toBeUndefined();
  });

  it('deploys every function of the app but the pre-render consumer, each behind its live alias', () => {
    const functions = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      (fn.Properties?.Description as string | undefined)?.startsWith('toko-'),
    );
    const rendering = consumers.filter((consumer) => consumer.renderer);
    expect(rendering.map((consumer) => consumer.name)).toEqual(['prerender']);
    expect(functions).toHaveLength(contexts.length + 1 + consumers.length - rendering.length + schedules.length);
    const aliases = ofType('AWS::Lambda::Alias');
    expect(aliases.map(([, alias]) => alias.Properties?.Name)).toEqual(functions.map(() => LIVE_ALIAS));
    const aliased = aliases.map(([, alias]) => (alias.Properties?.FunctionName as { Ref: string }).Ref).sort();
    expect(aliased).toEqual(functions.map(([id]) => id).sort());
    for (const [, rule] of ofType('AWS::Events::Rule')) {
      for (const target of rule.Properties?.Targets as { Arn: { Ref: string } }[]) expect(target.Arn.Ref).toMatch(/Live/);
    }
    for (const [, mapping] of ofType('AWS::Lambda::EventSourceMapping'))
      expect(JSON.stringify(mapping.Properties?.FunctionName)).toContain(':live');
  });

  it('is chosen by name only: another target stops synthesis, saying which there are', () => {
    const app = new App({ context: { target: 'localstak' } });
    expect(() => configFromContext(app.node)).toThrow('CDK context "target" must be one of aws, localstack: "localstak"');
  });
});
