/**
 * CloudFront's response headers policy is the app's one set of security headers (infra/security-headers.ts), on every
 * path; the embeddable players under /embed/* get the same set, framable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, SecretValue, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../security-headers.js';
import { cdkJsonContext, configFromContext } from './config.js';
import { FRAMABLE_PATH_PATTERN } from '../../functions/platform/edge-headers.js';
import { edgeCachedRoutes } from './edge-cache.js';
import { WebStack } from './web-stack.js';

type Json = Record<string, unknown>;

let outdir: string;
let web: Template;
let data: Template;
let mediaBucketId: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'toko-headers-'));
  const app = new App({ outdir, context: cdkJsonContext() });
  // The web stack alone, with the two buckets it is given by the data stack.
  const dataStack = new Stack(app, 'Data');
  const mediaBucket = new Bucket(dataStack, 'MediaBucket');
  const webStack = new WebStack(app, 'Web', {
    config: configFromContext(app.node, { spaDir: join(outdir, 'no-spa-built') }),
    mediaBucket,
    accessLogs: new Bucket(dataStack, 'AccessLogs'),
    originSecret: SecretValue.secretsManager('toko-origin-secret'),
  });
  web = Template.fromStack(webStack);
  data = Template.fromStack(dataStack);
  mediaBucketId = dataStack.getLogicalId(mediaBucket.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** A CloudFormation string as text, each distinct intrinsic it joins replaced by `<n>` (its place in `tokens`). */
function render(value: unknown, tokens: unknown[]): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map((part) => render(part, tokens)).join(join[0]);
  const known = tokens.findIndex((token) => JSON.stringify(token) === JSON.stringify(value));
  if (known >= 0) return `<${known}>`;
  tokens.push(value);
  return `<${tokens.length - 1}>`;
}

/** Follows a cross-stack `Fn::ImportValue` to the data stack's exported value. */
function exported(value: unknown): unknown {
  const name = (value as { 'Fn::ImportValue'?: string })['Fn::ImportValue'];
  const outputs = Object.values(data.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>);
  return outputs.find((output) => output.Export?.Name === name)?.Value;
}

describe('CloudFront security headers', () => {
  const policies = () => Object.entries(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  const behavioursOf = () => {
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { DefaultCacheBehavior: Json; CacheBehaviors: Json[] } };
    };
    return [distribution.Properties.DistributionConfig.DefaultCacheBehavior, ...distribution.Properties.DistributionConfig.CacheBehaviors];
  };

  it('are the definition, with the media bucket as the media origin', () => {
    const [policyId, policy] = policies().find(([id]) => id.startsWith('SecurityHeaders'))!;
    const config = (policy as { Properties: { ResponseHeadersPolicyConfig: Json } }).Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Json>;
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string; Override: boolean }> };
    };
    const headers = config.SecurityHeadersConfig;
    const tokens: unknown[] = [];
    const expected = securityHeaders({ mediaOrigins: ['https://<0>'], checkoutOrigins: [] });

    expect(render(headers.ContentSecurityPolicy.ContentSecurityPolicy, tokens)).toBe(expected['content-security-policy']);
    expect(exported(tokens[0])).toEqual({ 'Fn::GetAtt': [mediaBucketId, 'RegionalDomainName'] });
    const hsts = headers.StrictTransportSecurity;
    expect(`max-age=${String(hsts.AccessControlMaxAgeSec)}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`).toBe(
      expected['strict-transport-security'],
    );
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(headers.FrameOptions.FrameOption).toBe(expected['x-frame-options']);
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe(expected['referrer-policy']);
    const typed = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
    expect(config.CustomHeadersConfig.Items).toEqual(
      Object.entries(expected)
        .filter(([name]) => !typed.includes(name))
        .map(([header, value]) => ({ Header: header, Value: value, Override: true })),
    );
    for (const header of Object.values(headers)) expect(header.Override).toBe(true);

    // On every path but the embeddable players': the SPA, the pre-rendered pages, the API (its edge-cached reads too),
    // media and uploads.
    const behaviours = behavioursOf().filter((behaviour) => behaviour.PathPattern !== FRAMABLE_PATH_PATTERN);
    expect(behaviours.map((behaviour) => behaviour.PathPattern ?? '*').sort()).toEqual(
      [
        '*',
        '/album/*',
        '/artist/*',
        '/api/*',
        '/media/*',
        '/uploads/*',
        ...edgeCachedRoutes.map((route) => route.slice('GET '.length)),
      ].sort(),
    );
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('let any site frame the embeddable players under /embed/*, and nothing else', () => {
    const [framableId, framable] = policies().find(([id]) => id.startsWith('FramableSecurityHeaders'))!;
    const headers = (framable as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, Json> } } })
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const expected = securityHeaders({ mediaOrigins: ['https://<0>'], checkoutOrigins: [] }, { framable: true });
    expect(render(headers.ContentSecurityPolicy.ContentSecurityPolicy, [])).toBe(expected['content-security-policy']);
    expect(expected['content-security-policy']).toContain('frame-ancestors *');
    expect(headers.FrameOptions).toBeUndefined();
    const framed = behavioursOf().filter(
      (behaviour) => JSON.stringify(behaviour.ResponseHeadersPolicyId) === JSON.stringify({ Ref: framableId }),
    );
    expect(framed.map((behaviour) => behaviour.PathPattern)).toEqual([FRAMABLE_PATH_PATTERN]);
  });
});
