/**
 * Gradual releases, read from the synthesized templates: every function behind its live alias, everything that invokes
 * a function invoking the alias, and a CodeDeploy deployment group per alias with its alarms and automatic rollback.
 * Bundling is skipped (it changes asset hashes, nothing read here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumers } from '../../functions/consumers.js';
import { contexts } from '../../functions/routes.js';
import { schedules } from '../../functions/schedules.js';
import { alarmNames } from './alarm-names.js';
import { cdkJsonContext, configFromContext } from './config.js';
import { atOnceReactors, LIVE_ALIAS } from './releases.js';
import { buildToko, type Toko } from './toko.js';

type Json = Record<string, unknown>;
type Resource = { Type: string; Properties: Json; UpdatePolicy?: Json };

let outdir: string;
let toko: Toko;
let api: Template;
let alarmsInApp: Set<string>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'toko-releases-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  toko = buildToko(app, configFromContext(app.node, { spaDir: join(outdir, 'no-spa-built') }));
  api = Template.fromStack(toko.api);
  alarmsInApp = new Set(
    [toko.messaging, toko.observability].flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm')).map(
        (alarm) => (alarm as Resource).Properties.AlarmName as string,
      ),
    ),
  );
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const resources = (type: string) => Object.entries(api.findResources(type)) as [string, Resource][];
const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);
const ref = (value: unknown) => (value as { Ref?: string }).Ref;
/**
 * The alias an event-source mapping invokes: it names it `<function name>:live`, the function's name taken from the
 * alias's ARN; undefined when it names anything else.
 */
const invokedAlias = (value: unknown) => {
  const join = JSON.stringify(value);
  const alias = /^\{"Fn::Join":\["",\[\{"Fn::Select":\[6,\{"Fn::Split":\[":",\{"Ref":"(\w+)"\}\]\}\]\},":live"\]\]\}$/.exec(join);
  return alias?.[1];
};

/** Every function of the app by its name in the alarms, with the alarms its release must watch and its pace. */
const expected = [
  ...contexts.map((context) => ({
    name: `http-${context}`,
    alarms: [alarmNames.functionErrors('toko-', `http-${context}`), alarmNames.api5xx('toko-')],
    config: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
  })),
  {
    name: 'relay',
    alarms: [alarmNames.functionErrors('toko-', 'relay'), alarmNames.relayFailures('toko-')],
    config: 'CodeDeployDefault.LambdaAllAtOnce',
  },
  ...consumers.map((consumer) => ({
    name: consumer.name,
    alarms: [
      alarmNames.functionErrors('toko-', consumer.name),
      alarmNames.deadLetters('toko-', consumer.name),
      alarmNames.oldestMessage('toko-', consumer.name),
    ],
    config:
      consumer.kind === 'projector' || consumer.name in atOnceReactors
        ? 'CodeDeployDefault.LambdaAllAtOnce'
        : 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
  })),
  ...schedules.map((job) => ({
    name: `scheduled-${job.name}`,
    alarms: [alarmNames.functionErrors('toko-', `scheduled-${job.name}`)],
    config: 'CodeDeployDefault.LambdaAllAtOnce',
  })),
];

describe('gradual releases', () => {
  it('publish every function as a version behind a live alias, and only those', () => {
    const aliases = resources('AWS::Lambda::Alias');
    const functions = resources('AWS::Lambda::Function');
    expect(aliases).toHaveLength(functions.length);
    expect(aliases).toHaveLength(expected.length);
    const versions = new Map(resources('AWS::Lambda::Version').map(([id, version]) => [id, ref(version.Properties.FunctionName)]));
    const aliased = aliases.map(([, alias]) => {
      expect(alias.Properties.Name).toBe(LIVE_ALIAS);
      const version = (alias.Properties.FunctionVersion as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      expect(version[1]).toBe('Version');
      // The alias's version is a version of the alias's own function.
      expect(versions.get(version[0])).toBe(ref(alias.Properties.FunctionName));
      return ref(alias.Properties.FunctionName);
    });
    expect(aliased.sort()).toEqual(functions.map(([id]) => id).sort());
  });

  it('send every API route, event-source mapping and schedule to a live alias, never to a function or $LATEST', () => {
    const aliasIds = new Set(resources('AWS::Lambda::Alias').map(([id]) => id));
    // The routes' stack is nested in the API stack, which passes it each alias as a parameter.
    const [[, routesStack]] = resources('AWS::CloudFormation::Stack');
    const parameters = routesStack.Properties.Parameters as Record<string, unknown>;
    const routes = Template.fromStack(toko.api.routes!);
    const integrations = Object.values(routes.findResources('AWS::ApiGatewayV2::Integration')) as Resource[];
    expect(integrations).toHaveLength(contexts.length);
    for (const integration of integrations) expect(aliasIds).toContain(ref(parameters[ref(integration.Properties.IntegrationUri)!]));
    const apiInvokes = Object.values(routes.findResources('AWS::Lambda::Permission')) as Resource[];
    expect(apiInvokes).toHaveLength(contexts.length);
    for (const permission of apiInvokes) expect(aliasIds).toContain(ref(parameters[ref(permission.Properties.FunctionName)!]));
    const mappings = resources('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(consumers.length + 1);
    for (const [, mapping] of mappings) expect(aliasIds).toContain(invokedAlias(mapping.Properties.FunctionName));
    const rules = resources('AWS::Events::Rule');
    expect(rules).toHaveLength(schedules.length);
    for (const [, rule] of rules) {
      for (const target of rule.Properties.Targets as { Arn: unknown }[]) expect(aliasIds).toContain(ref(target.Arn));
    }
    // The schedules' invoke permissions are on the aliases too: a function's unqualified ARN is invoked by no one but
    // CloudFormation, which asks the pre-render consumer to render every page during a deployment.
    const invokes = resources('AWS::Lambda::Permission');
    expect(invokes).toHaveLength(schedules.length);
    for (const [, permission] of invokes) expect(aliasIds).toContain(ref(permission.Properties.FunctionName));
  });

  it.each(expected)('release $name through CodeDeploy ($config), watching its alarms and rolling back by itself', (fn) => {
    const alias = toko.api.liveAlias(fn.name);
    const aliasResource = api.toJSON().Resources[logicalId(toko.api, alias)] as Resource;
    const update = (
      aliasResource.UpdatePolicy as { CodeDeployLambdaAliasUpdate: { DeploymentGroupName: unknown; ApplicationName: unknown } }
    ).CodeDeployLambdaAliasUpdate;
    const group = toko.api.releases.groups.get(fn.name)!;
    expect(update.DeploymentGroupName).toEqual({ Ref: logicalId(toko.api, group) });
    expect(update.ApplicationName).toEqual({ Ref: logicalId(toko.api, toko.api.releases.application!) });
    const properties = (api.toJSON().Resources[logicalId(toko.api, group)] as Resource).Properties;
    expect(properties.DeploymentConfigName).toBe(fn.config);
    expect(properties.AlarmConfiguration).toEqual({ Enabled: true, Alarms: fn.alarms.map((name) => ({ Name: name })) });
    expect(properties.AutoRollbackConfiguration).toEqual({
      Enabled: true,
      Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) as unknown,
    });
  });

  it('watch only alarms the app has: each group names an alarm of the messaging or observability stack', () => {
    const watched = resources('AWS::CodeDeploy::DeploymentGroup').flatMap(([, group]) =>
      (group.Properties.AlarmConfiguration as { Alarms: { Name: string }[] }).Alarms.map((alarm) => alarm.Name),
    );
    expect(watched.length).toBeGreaterThan(expected.length);
    for (const name of watched) expect(alarmsInApp, name).toContain(name);
  });
});
