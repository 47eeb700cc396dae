/** Every Toko Lambda: Node 22 on ARM, an ESM bundle built by the project's own esbuild (never Docker). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  LayerVersion,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  type ILayerVersion,
} from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { buildPageRenderer, PAGE_RENDERER_MODULE } from '../../frontend/build/page-renderer.js';
import { PAGE_LIST_CLIENT_MODULE } from '../../functions/catalogue/page-list.js';
import { acknowledge } from './checks.js';
import { repoRoot } from './config.js';
import { SECRETS_TTL_MS } from '../../functions/platform/secrets.js';
import { lambdaBundle } from '../../frontend/build/lambda-bundle.js';
import { currentVersionOptions } from './releases.js';
import { bundledCode, bundleEntries, type FunctionBundling } from './bundles.js';

const lambdaRuntime = Runtime.NODEJS_22_X;

/** NodejsFunction falls back to Docker when it finds no local esbuild; this app refuses instead. */
function assertLocalEsbuild() {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    throw new Error('esbuild is not installed in node_modules; run `npm install` (Lambdas are bundled locally, never in Docker)');
  }
}

/** CommonJS dependencies inside an ES module bundle still call require() for Node built-ins. */
const esmRequireBanner =
  "import { createRequire as __tokoCreateRequire } from 'node:module'; const require = __tokoCreateRequire(import.meta.url);";

/**
 * The media codecs (functions/catalogue/media-intake): the audio ones together 360 KB minified, more than a function's bundle
 * budget, which only the track intake needs; the image ones 50 KB, which only the functions that make pictures need
 * (the label's image uploads, the share pictures), and which took the label's catalogue function over its budget. They
 * come from a layer of their own, on the functions given `codecs`.
 */
export const codecModules = ['music-metadata', '@breezystack/lamejs', '@wasm-audio-decoders/flac', 'jpeg-js', 'pngjs', 'exifr'] as const;
/** Codecs that are CommonJS: their layer module exports their module as its default, as Node's import of them does. */
const commonJsCodecs: readonly string[] = ['jpeg-js', 'pngjs', 'exifr'];

/** Packages the functions load from a layer instead of bundling them (each is imported lazily, on first use). */
export const layeredModules = ['stripe', ...codecModules] as const;

const cjsRequire = () => createRequire(import.meta.url);
const stripeLayers = new WeakMap<Stack, ILayerVersion>();
const codecLayers = new WeakMap<Stack, ILayerVersion>();
const rendererLayers = new WeakMap<Stack, ILayerVersion>();
const versionOf = (name: string) =>
  // Read from disk: a package's `exports` may not expose its package.json.
  (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The Stripe SDK as one minified ES module in a layer (`/opt/nodejs/node_modules/stripe`), shared by the
 * stack's functions: it keeps ≈ 240 KB out of every bundle that takes payments (functions/commerce/stripe.ts
 * imports it on the first payment call). Built by the local esbuild; the hash is the SDK's version.
 */
function stripeLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  let layer = stripeLayers.get(stack);
  if (!layer) {
    const version = versionOf('stripe');
    layer = new LayerVersion(stack, 'StripeSdkLayer', {
      description: `stripe ${version} as one minified ES module`,
      compatibleRuntimes: [lambdaRuntime],
      compatibleArchitectures: [Architecture.ARM_64],
      code: Code.fromAsset(join(repoRoot, 'node_modules', 'stripe'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: `stripe-${version}`,
        bundling: {
          // Never pulled: local bundling below always builds or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle(outputDir) {
              buildStripeLayer(outputDir, version);
              return true;
            },
          },
        },
      }),
    });
    stripeLayers.set(stack, layer);
  }
  return layer;
}

/** Writes the layer's content (nodejs/node_modules/stripe) into `outputDir`; the bench measures the same artifact. */
export function buildStripeLayer(outputDir: string, version: string) {
  buildModule(outputDir, 'stripe', version, "export { default } from 'stripe';");
}

/** The media codecs' layer: each of codecModules as one minified ES module, for the functions given `codecs`. */
function codecLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  let layer = codecLayers.get(stack);
  if (!layer) {
    const versions = codecModules.map((name) => `${name}@${versionOf(name)}`).join(' ');
    layer = new LayerVersion(stack, 'MediaCodecsLayer', {
      description: `${versions} as minified ES modules`,
      compatibleRuntimes: [lambdaRuntime],
      compatibleArchitectures: [Architecture.ARM_64],
      code: Code.fromAsset(join(repoRoot, 'node_modules', 'music-metadata'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: `codecs-${versions}`,
        bundling: {
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle(outputDir) {
              buildCodecLayer(outputDir);
              return true;
            },
          },
        },
      }),
    });
    codecLayers.set(stack, layer);
  }
  return layer;
}

/**
 * The pre-rendered pages' renderer (frontend/build/page-renderer.ts: React's server renderer and the app's components,
 * ≈ 550 KB minified) as `/opt/nodejs/node_modules/toko-page-renderer`, for the pre-render consumer only. Hashed by its
 * output, so a change to any component the pages show makes a new layer version. Beside it, the page list's
 * KeyValueStore client with its SigV4a signer (functions/catalogue/page-list-client.ts), which the runtime's SDK lacks.
 */
export function pageRendererLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  let layer = rendererLayers.get(stack);
  if (!layer) {
    layer = new LayerVersion(stack, 'PageRendererLayer', {
      description: 'the pre-rendered pages renderer (frontend/src/prerender) and the page list client, as minified ES modules',
      compatibleRuntimes: [lambdaRuntime],
      compatibleArchitectures: [Architecture.ARM_64],
      code: Code.fromAsset(join(repoRoot, 'frontend', 'src', 'prerender'), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle(outputDir) {
              buildPageRenderer(join(outputDir, 'nodejs', 'node_modules', PAGE_RENDERER_MODULE));
              buildPageListClient(outputDir);
              return true;
            },
          },
        },
      }),
    });
    rendererLayers.set(stack, layer);
  }
  return layer;
}

/** Writes the page list's client (nodejs/node_modules/toko-page-list-client) into `outputDir`. */
function buildPageListClient(outputDir: string) {
  const version = versionOf('@aws-sdk/client-cloudfront-keyvaluestore');
  buildModule(outputDir, PAGE_LIST_CLIENT_MODULE, version, "export * from './functions/catalogue/page-list-client.ts';");
}

/** Writes the codecs' layer content (nodejs/node_modules/<each codec>) into `outputDir`. */
export function buildCodecLayer(outputDir: string) {
  for (const name of codecModules) {
    const contents = commonJsCodecs.includes(name) ? `export { default } from '${name}';` : `export * from '${name}';`;
    buildModule(outputDir, name, versionOf(name), contents);
  }
}

function buildModule(outputDir: string, name: string, version: string, contents: string) {
  assertLocalEsbuild();
  const esbuild = cjsRequire()('esbuild') as typeof import('esbuild');
  const dir = join(outputDir, 'nodejs', 'node_modules', ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  esbuild.buildSync({
    stdin: { contents, resolveDir: repoRoot, loader: 'js' },
    outfile: join(dir, 'index.mjs'),
    ...lambdaBundle,
    banner: { js: esmRequireBanner },
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, type: 'module', exports: { '.': './index.mjs' } }));
}

/** What every function's bundle leaves out and puts first: the runtime's AWS SDK, the layers' modules (where layers run). */
const functionBundling = (layers: boolean): FunctionBundling => ({
  // The runtime provides the AWS SDK v3; the layer provides the rest.
  externalModules: ['@aws-sdk/*', ...(layers ? layeredModules : [])],
  banner: esmRequireBanner,
  mainFields: ['module', 'main'],
});

/** Builds the bundles of all of a stack's functions in one esbuild run (bundles.ts), before tokoFunction declares them. */
export function bundleFunctions(scope: Construct, entries: readonly string[], layers: boolean): void {
  assertLocalEsbuild();
  bundleEntries(scope, entries, functionBundling(layers));
}

export interface TokoFunctionProps {
  entry: string;
  description: string;
  environment: Record<string, string>;
  memorySize: number;
  timeout: Duration;
  /** Also load the media codecs' layer (codecModules). */
  codecs?: boolean;
  /** Also load the pre-rendered pages' renderer layer. */
  renderer?: boolean;
  /**
   * False where layers cannot run (LocalStack's free edition): the layered modules are bundled into the function and
   * AWS's secrets extension is left out, so codecs, renderer and secrets are not available there.
   */
  layers?: boolean;
}

export function tokoFunction(scope: Construct, id: string, props: TokoFunctionProps): NodejsFunction {
  assertLocalEsbuild();
  const layers = props.layers ?? true;
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // A role of its own instead of AWSLambdaBasicExecutionRole, which may write to every log group: this one writes to
  // its function's group only (the group exists, so no logs:CreateLogGroup). access.ts adds the rest.
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
  });
  logGroup.grantWrite(role);
  const bundling = functionBundling(layers);
  // Built already with the stack's other functions (bundleFunctions), else bundled by NodejsFunction itself.
  const code = bundledCode(scope, props.entry);
  const fn = new NodejsFunction(scope, id, {
    entry: props.entry,
    ...(code ? { code, handler: 'index.handler' } : { handler: 'handler' }),
    description: props.description,
    runtime: lambdaRuntime,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    environment: props.environment,
    logGroup,
    role,
    currentVersionOptions,
    projectRoot: repoRoot,
    depsLockFilePath: join(repoRoot, 'package-lock.json'),
    // AWS's Parameters and Secrets extension: the functions read their secrets through it (functions/platform/secrets.ts),
    // which keeps what it read for as long as the functions do.
    paramsAndSecrets: layers
      ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
          secretsManagerTtl: Duration.millis(SECRETS_TTL_MS),
          logLevel: ParamsAndSecretsLogLevel.WARN,
        })
      : undefined,
    layers: layers
      ? [stripeLayer(scope), ...(props.codecs ? [codecLayer(scope)] : []), ...(props.renderer ? [pageRendererLayer(scope)] : [])]
      : [],
    bundling: {
      externalModules: bundling.externalModules,
      format: OutputFormat.ESM,
      target: 'node22',
      platform: 'node',
      minify: true,
      sourceMap: true,
      // Linked (DEFAULT) maps keep the sourceMappingURL comment that --enable-source-maps needs.
      sourceMapMode: SourceMapMode.DEFAULT,
      sourcesContent: false,
      mainFields: bundling.mainFields,
      banner: bundling.banner,
      forceDockerBundling: false,
      logLevel: LogLevel.WARNING,
    },
  });
  acknowledge(
    fn,
    'L1',
    `${lambdaRuntime.name} is the runtime docs/architecture.md names and the bundles target (esbuild node22); moving to a ` +
      'newer one is an upgrade of its own, tested as such, not a side effect of a new CDK release.',
  );
  return fn;
}
