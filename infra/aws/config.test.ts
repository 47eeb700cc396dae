/** Settings and guards of the CDK app, synthesized without bundling (the shape, not the code, is under test). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumers, queueName } from '../../functions/consumers.js';
import { cdkJsonContext, configFromContext, type TokoConfig } from './config.js';
import { entriesIn } from './entries.js';
import { buildToko } from './toko.js';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'toko-cdk-config-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The apps made so far, by their settings: the tests only read them, so one app serves every test of the same settings. */
const apps = new Map<string, ReturnType<typeof buildToko>>();

function synth(context: Record<string, unknown> = {}, overrides: Partial<TokoConfig> = {}) {
  const settings = JSON.stringify([context, overrides]);
  const made = apps.get(settings);
  if (made) return made;
  const app = new App({
    outdir: mkdtempSync(join(scratch, 'out-')),
    // toko.test.ts validates the full app once; here only the shape differs.
    builtinCloudFormationValidation: false,
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context },
  });
  const toko = buildToko(app, configFromContext(app.node, { spaDir: join(scratch, 'no-spa'), ...overrides }));
  apps.set(settings, toko);
  return toko;
}

/** Each function's environment variables in the app of these settings. */
const variables = (context: Record<string, unknown>) =>
  Object.values(Template.fromStack(synth(context).api).findResources('AWS::Lambda::Function')).map(
    (fn) => (fn.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables,
  );

/** Both optional keys the functions may be given, set together: one app shows each arriving. */
const givenKeys = { stripePublishableKey: 'pk_live_toko', shopifyMemberDiscountCode: 'TOKO-PLUS-MERCH' };

/** The API's own domain, which a stack with a public domain needs. */
const apiOrigin = { apiDomain: 'api-origin.toko.example', apiCertificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api' };

describe('entries', () => {
  it('stops with the path of a missing handler file', () => {
    const functionsDir = join(scratch, 'functions-without-handlers');
    mkdirSync(functionsDir);
    expect(() => synth({}, { functionsDir })).toThrow(
      /Missing Lambda entry for HTTP context "\w+": .*functions-without-handlers\/<context>\/http\/\w+\.ts/,
    );
  });

  it('runs a projector from the one projector entry, and stops when its projection is missing', () => {
    const functionsDir = join(scratch, 'functions-with-a-projector');
    mkdirSync(join(functionsDir, 'platform', 'consumers'), { recursive: true });
    mkdirSync(join(functionsDir, 'catalogue', 'projections'), { recursive: true });
    writeFileSync(join(functionsDir, 'platform', 'consumers', 'projector.ts'), 'export const handler = () => {};');
    writeFileSync(join(functionsDir, 'catalogue', 'projections', 'catalogue.ts'), 'export {};');
    const entries = entriesIn(functionsDir);
    expect(entries.consumer({ name: 'catalogue', kind: 'projector' })).toBe(join(functionsDir, 'platform', 'consumers', 'projector.ts'));
    expect(() => entries.consumer({ name: 'charts', kind: 'projector' })).toThrow(
      /the projection of projector "charts": .*functions-with-a-projector\/<context>\/projections\/charts\.ts/,
    );
    expect(() => entries.consumer({ name: 'catalogue', kind: 'reactor' })).toThrow(
      /reactor "catalogue": .*<context>\/consumers\/catalogue\.ts/,
    );
  });

  it('finds an entry in whichever context holds it, and refuses a name two contexts claim', () => {
    const functionsDir = join(scratch, 'functions-of-two-contexts');
    for (const context of ['catalogue', 'commerce']) mkdirSync(join(functionsDir, context, 'http'), { recursive: true });
    writeFileSync(join(functionsDir, 'commerce', 'http', 'admin-sales.ts'), 'export const handler = () => {};');
    expect(entriesIn(functionsDir).http('admin-sales')).toBe(join(functionsDir, 'commerce', 'http', 'admin-sales.ts'));
    writeFileSync(join(functionsDir, 'catalogue', 'http', 'admin-sales.ts'), 'export const handler = () => {};');
    expect(() => entriesIn(functionsDir).http('admin-sales')).toThrow(/Two Lambda entries for HTTP context "admin-sales"/);
  });
});

describe('context', () => {
  it('prefixes every physical name with the stage from -c prefix', () => {
    const toko = synth({ prefix: 'staging-' });
    expect(toko.api.stackName).toBe('staging-api');
    const messaging = Template.fromStack(toko.messaging);
    for (const consumer of consumers) {
      messaging.hasResourceProperties('AWS::SQS::Queue', { QueueName: queueName('staging-', consumer) });
    }
    Template.fromStack(toko.data).hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'staging-events' });
    const [fn] = Object.values(Template.fromStack(toko.api).findResources('AWS::Lambda::Function'));
    expect(fn.Properties.Environment.Variables.QUEUE_PREFIX).toBe('staging-');
  });

  it('rejects a prefix that cannot name tables, queues and stacks', () => {
    expect(() => synth({ prefix: 'Toko_' })).toThrow(/prefix/);
  });

  it('serves a custom domain with its certificate and uses it as APP_ORIGIN', () => {
    const toko = synth({
      domain: 'music.toko.example',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
      ...apiOrigin,
    });
    Template.fromStack(toko.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['music.toko.example'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
    const [fn] = Object.values(Template.fromStack(toko.api).findResources('AWS::Lambda::Function'));
    expect(fn.Properties.Environment.Variables.APP_ORIGIN).toBe('https://music.toko.example');
  });

  it('needs a certificate for a custom domain', () => {
    expect(() => synth({ domain: 'music.toko.example', ...apiOrigin })).toThrow(/certificateArn/);
  });

  it('refuses a public domain whose API has none of its own: its execute-api endpoint could not be closed', () => {
    expect(() => synth({ domain: 'music.toko.example', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc' })).toThrow(
      /apiDomain/,
    );
  });

  it('closes the execute-api endpoint when the API has a domain of its own, which CloudFront then uses as its origin', () => {
    const toko = synth({ apiDomain: 'api-origin.toko.example', apiCertificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api' });
    const web = Template.fromStack(toko.web);
    web.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    web.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api-origin.toko.example',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api' })],
    });
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([Match.objectLike({ DomainName: 'api-origin.toko.example', OriginCustomHeaders: Match.anyValue() })]),
      }),
    });
    web.hasOutput('ApiDomainTarget', {});
    Template.fromStack(toko.api).hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: Match.anyValue() });

    // Without one (a stack without a public domain: staging, a developer's), CloudFront has nothing but the execute-api
    // endpoint to reach, so it stays open, and the origin secret guards it.
    Template.fromStack(synth({}).web).hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
  });

  it('needs a certificate for the API’s domain', () => {
    expect(() => synth({ apiDomain: 'api-origin.toko.example' })).toThrow(/apiCertificateArn/);
  });

  it("gives the functions Stripe's publishable key from -c stripePublishableKey (embedded checkout), and none without it", () => {
    for (const env of variables(givenKeys)) expect(env.STRIPE_PUBLISHABLE_KEY).toBe('pk_live_toko');
    for (const env of variables({})) expect(env).not.toHaveProperty('STRIPE_PUBLISHABLE_KEY');
  });

  it('gives the functions the shop’s member discount code from -c shopifyMemberDiscountCode, and none without it', () => {
    for (const env of variables(givenKeys)) {
      expect(env.SHOPIFY_MEMBER_DISCOUNT_CODE).toBe('TOKO-PLUS-MERCH');
    }
    for (const env of variables({})) expect(env).not.toHaveProperty('SHOPIFY_MEMBER_DISCOUNT_CODE');
  });

  it('references existing secrets by name when given', () => {
    const toko = synth({
      sessionSecretName: 'prod/toko/session',
      personalDataSecretName: 'prod/toko/personal-data',
      secondFactorSecretName: 'prod/toko/second-factor',
      downloadLinkSecretName: 'prod/toko/download-links',
      stripeSecretName: 'prod/toko/stripe',
      shopifySecretName: 'prod/toko/shopify',
    });
    // The origin secret alone is made: CloudFront and the API share it, and no operator brings one.
    Template.fromStack(toko.data).resourceCountIs('AWS::SecretsManager::Secret', 1);
    Template.fromStack(toko.data).hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'toko-origin-secret' });
    // Each function reads them by name, and may read them by name alone (their ARNs' random suffix is not known).
    const api = Template.fromStack(toko.api);
    const commerce = Object.values(api.findResources('AWS::Lambda::Function')).find(
      (fn) => (fn.Properties as { Description: string }).Description === 'toko-http commerce',
    )!;
    // The origin secret, made here, is a reference in the JSON: the pieces joined around it parse as the JSON it becomes.
    const [separator, pieces] = (commerce.Properties.Environment.Variables.SECRETS as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    const sources = JSON.parse(pieces.map((piece) => (typeof piece === 'string' ? piece : 'origin')).join(separator)) as unknown;
    expect(sources).toMatchObject({
      SESSION_SECRET: { id: 'prod/toko/session' },
      PERSONAL_DATA_SECRET: { id: 'prod/toko/personal-data' },
      DOWNLOAD_LINK_SECRET: { id: 'prod/toko/download-links' },
      STRIPE_SECRET_KEY: { id: 'prod/toko/stripe', field: 'secretKey' },
    });
    expect(JSON.stringify(api.toJSON())).toContain('secret:prod/toko/stripe-??????');
  });
});

describe('SPA deployment', () => {
  it('uploads frontend/dist when it exists and invalidates CloudFront', () => {
    const spaDir = join(scratch, 'dist');
    mkdirSync(join(spaDir, 'assets'), { recursive: true });
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Toko</title>');
    writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const web = Template.fromStack(synth({}, { spaDir }).web);
    web.resourceCountIs('Custom::CDKBucketDeployment', 2);
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
  });
});
