/** The deployment's settings, read once from CDK context (`-c key=value` or cdk.json) with offline defaults. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { brand } from '../../events/brand.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface TokoConfig {
  /** Prefix of every physical name (stacks, tables, queues): the stage. */
  prefix: string;
  /** Holds one folder per bounded context, each with its http/<context>.ts and consumers/<module>.ts (entries.ts). */
  functionsDir: string;
  /** The built SPA; deployed only when it exists. */
  spaDir: string;
  /** Custom domain of the app (needs `certificateArn`, an ACM certificate in us-east-1); else the CloudFront domain. */
  domain?: string;
  certificateArn?: string;
  /**
   * The API's own domain, which CloudFront uses as its origin (`api-origin.example.com`), with `apiCertificateArn` (an ACM
   * certificate in the stacks' region): set, the API's execute-api endpoint is disabled, so nothing reaches the API but
   * through it. Its DNS name points at the `ApiDomainTarget` output. Unset, CloudFront uses the execute-api endpoint,
   * where the origin secret alone refuses requests that went around CloudFront.
   */
  apiDomain?: string;
  apiCertificateArn?: string;
  /** Domain verified in SES for outgoing mail. */
  mailDomain: string;
  /** Where DLQ alarms are e-mailed, if set. */
  alarmEmail?: string;
  /** Existing Secrets Manager secret (plain string, ≥ 32 chars) for SESSION_SECRET; generated when unset. */
  sessionSecretName?: string;
  /** Existing Secrets Manager secret (plain string, ≥ 32 chars) for PERSONAL_DATA_SECRET; generated when unset. */
  personalDataSecretName?: string;
  /** Existing Secrets Manager secret (plain string, ≥ 32 chars) for SECOND_FACTOR_SECRET; generated when unset. */
  secondFactorSecretName?: string;
  /** Existing Secrets Manager secret (plain string, ≥ 32 chars) for DOWNLOAD_LINK_SECRET; generated when unset. */
  downloadLinkSecretName?: string;
  /** Existing Secrets Manager secret, JSON `{ "secretKey", "webhookSecret" }`; a placeholder is created when unset. */
  stripeSecretName?: string;
  /** Stripe's publishable key (public, not a secret): set, checkout shows Stripe's embedded form; unset, the hosted page. */
  stripePublishableKey?: string;
  /** Existing Secrets Manager secret, JSON `{ "storeDomain", "storefrontToken", "webhookSecret" }`; a placeholder is created when unset. */
  shopifySecretName?: string;
  /**
   * The shop's discount code for Toko+ members (set up in Shopify to give brand.memberMerchDiscountPercent off): the server
   * puts it on members' carts only. Not a secret (members see it at Shopify's checkout); unset, members get no merch discount.
   */
  shopifyMemberDiscountCode?: string;
  /**
   * Where the app is deployed: `aws`, or `localstack` (`-c target=localstack`), the variant LocalStack's free edition
   * runs: without the paid features (docs/releases.md, README's LocalStack part).
   */
  target: DeployTarget;
  appVersion: string;
  /** Shown by /api/deployment-status; passed by the deploy script so synth stays deterministic. */
  buildTime?: string;
}

export type DeployTarget = 'aws' | 'localstack';
const deployTargets: readonly DeployTarget[] = ['aws', 'localstack'];

const text = (node: Node, key: string): string | undefined => {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`CDK context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value;
};

const packageVersion = (): string => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'dev';
};

/** The mail domain of the brand's sender address (`Toko <hello@toko.example>` → `toko.example`). */
const brandMailDomain = (): string => {
  const match = /@([^>\s]+)>?\s*$/.exec(brand.mailFrom);
  if (!match) throw new Error(`brand.mailFrom has no domain: ${brand.mailFrom}`);
  return match[1];
};

export function configFromContext(node: Node, overrides: Partial<TokoConfig> = {}): TokoConfig {
  const prefix = text(node, 'prefix') ?? 'toko-';
  if (!/^[a-z][a-z0-9-]*$/.test(prefix)) {
    throw new Error(`CDK context "prefix" must be lowercase letters, digits and dashes, starting with a letter: "${prefix}"`);
  }
  const domain = text(node, 'domain');
  const certificateArn = text(node, 'certificateArn');
  if (domain && !certificateArn) {
    throw new Error('CDK context "domain" needs "certificateArn" (an ACM certificate in us-east-1 covering the domain)');
  }
  const apiDomain = text(node, 'apiDomain');
  const apiCertificateArn = text(node, 'apiCertificateArn');
  if (apiDomain && !apiCertificateArn) {
    throw new Error('CDK context "apiDomain" needs "apiCertificateArn" (an ACM certificate in the stacks\' region covering it)');
  }
  // The label's public address makes a stack the one listeners use: its API must not answer around CloudFront, and
  // API Gateway closes the execute-api endpoint only for an API with a domain of its own.
  if (domain && !apiDomain) {
    throw new Error(
      'CDK context "domain" needs "apiDomain" and "apiCertificateArn": a public stack serves its API on a domain of its own, so its execute-api endpoint is closed',
    );
  }
  const target = text(node, 'target') ?? 'aws';
  if (!deployTargets.includes(target as DeployTarget)) {
    throw new Error(`CDK context "target" must be one of ${deployTargets.join(', ')}: "${target}"`);
  }
  const config: TokoConfig = {
    prefix,
    target: target as DeployTarget,
    functionsDir: join(repoRoot, 'functions'),
    spaDir: join(repoRoot, 'frontend', 'dist'),
    domain,
    certificateArn,
    apiDomain,
    apiCertificateArn,
    mailDomain: text(node, 'mailDomain') ?? brandMailDomain(),
    alarmEmail: text(node, 'alarmEmail'),
    sessionSecretName: text(node, 'sessionSecretName'),
    personalDataSecretName: text(node, 'personalDataSecretName'),
    secondFactorSecretName: text(node, 'secondFactorSecretName'),
    downloadLinkSecretName: text(node, 'downloadLinkSecretName'),
    stripeSecretName: text(node, 'stripeSecretName'),
    stripePublishableKey: text(node, 'stripePublishableKey'),
    shopifySecretName: text(node, 'shopifySecretName'),
    shopifyMemberDiscountCode: text(node, 'shopifyMemberDiscountCode'),
    appVersion: text(node, 'appVersion') ?? packageVersion(),
    buildTime: text(node, 'buildTime'),
    ...overrides,
  };
  return config;
}

/** cdk.json's context (feature flags and defaults), so tests synthesize the same app the CLI does. */
export function cdkJsonContext(): Record<string, unknown> {
  const file = join(repoRoot, 'cdk.json');
  if (!existsSync(file)) return {};
  const json = JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}

/** `album-downloads` → `AlbumDownloads`, for construct ids. */
export const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());
