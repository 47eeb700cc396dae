/**
 * A release of the SPA, read from the web stack's template with a built SPA (faked): hashed assets first and never
 * pruned, then index.html and the rest, then the previous release's assets marked superseded, which the site bucket
 * expires a week later. Bundling is skipped (it changes asset hashes, nothing read here).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext, configFromContext } from './config.js';
import { SUPERSEDED_ASSET_DAYS, SUPERSEDED_TAG } from './superseded-assets.js';
import { buildToko, type Toko } from './toko.js';

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
type Statement = { Action: string | string[]; Resource: unknown };

let scratch: string;
let toko: Toko;
let web: Template;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'toko-web-release-'));
  const spaDir = join(scratch, 'dist');
  mkdirSync(join(spaDir, 'assets', 'fonts'), { recursive: true });
  writeFileSync(
    join(spaDir, 'index.html'),
    '<!doctype html><title>Toko</title><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(spaDir, 'sw.js'), "const BUILD = 'abc';");
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js.br'), 'compressed');
  writeFileSync(join(spaDir, 'assets', 'fonts', 'inter-def456.woff2'), 'font');
  const app = new App({ outdir: join(scratch, 'out'), context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  toko = buildToko(app, configFromContext(app.node, { spaDir }));
  web = Template.fromStack(toko.web);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const resources = (type: string) => Object.entries(web.findResources(type)) as [string, Resource][];
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  toko.web.getLogicalId(construct.node.defaultChild as Parameters<typeof toko.web.getLogicalId>[0]);

describe('a release of the SPA', () => {
  it('uploads the hashed assets first, never pruning the old ones, then index.html and the rest', () => {
    const deployments = resources('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [[assetsId, assets]] = deployments.filter(([, d]) => JSON.stringify(d.Properties.Include) === '["assets/*"]');
    expect(assets.Properties).toMatchObject({
      Prune: false,
      Exclude: ['*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    const [[, pages]] = deployments.filter(([id]) => id !== assetsId);
    expect(pages.Properties.Exclude).toEqual(['assets/*', 'pages/*']);
    expect(pages.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(pages.DependsOn).toContain(assetsId);
  });

  it('marks the assets the build no longer has once index.html is in place, by the keys of the build it deployed', () => {
    const [[, marking]] = resources('Custom::SupersededAssets');
    expect(marking.Properties.Current).toEqual(['assets/fonts/inter-def456.woff2', 'assets/index-abc123.js']);
    expect(marking.Properties.Bucket).toEqual({ Ref: logicalId(toko.web.siteBucket) });
    const [[pagesId]] = resources('Custom::CDKBucketDeployment').filter(([, d]) => JSON.stringify(d.Properties.Include) !== '["assets/*"]');
    expect(marking.DependsOn).toContain(pagesId);
    expect(marking.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [logicalId(toko.web.supersededAssets!.handler), 'Arn'] });
  });

  it('expires a superseded asset a week after it was marked, and nothing else in the site bucket', () => {
    const [[, bucket]] = resources('AWS::S3::Bucket').filter(([id]) => id === logicalId(toko.web.siteBucket));
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toEqual([
      {
        Id: 'SupersededAssets',
        Prefix: 'assets/',
        TagFilters: [{ Key: SUPERSEDED_TAG.key, Value: SUPERSEDED_TAG.value }],
        ExpirationInDays: SUPERSEDED_ASSET_DAYS,
        Status: 'Enabled',
      },
    ]);
  });

  it('lets the marking function read and rewrite the site bucket’s assets only', () => {
    const role = logicalId(toko.web.supersededAssets!.handler.role as never);
    const granted = resources('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => [s.Action].flat().some((action) => action.startsWith('s3:')));
    const site = logicalId(toko.web.siteBucket);
    expect(granted).toEqual(
      expect.arrayContaining([
        { Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [site, 'Arn'] } },
        {
          Effect: 'Allow',
          Action: ['s3:GetObject', 's3:GetObjectTagging', 's3:PutObject', 's3:PutObjectTagging'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [site, 'Arn'] }, '/assets/*']] },
        },
      ]),
    );
    expect(granted).toHaveLength(2);
  });
});
