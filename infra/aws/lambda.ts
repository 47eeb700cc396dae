/** Every Toko Lambda: Node 22 on ARM, an ESM bundle built by the project's own esbuild (never Docker). */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { repoRoot } from './config.js';

export const lambdaRuntime = Runtime.NODEJS_22_X;

/** NodejsFunction falls back to Docker when it finds no local esbuild; this app refuses instead. */
function assertLocalEsbuild() {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    throw new Error('esbuild is not installed in node_modules; run `npm install` (Lambdas are bundled locally, never in Docker)');
  }
}

export interface TokoFunctionProps {
  entry: string;
  description: string;
  environment: Record<string, string>;
  memorySize: number;
  timeout: Duration;
}

export function tokoFunction(scope: Construct, id: string, props: TokoFunctionProps): NodejsFunction {
  assertLocalEsbuild();
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  return new NodejsFunction(scope, id, {
    entry: props.entry,
    handler: 'handler',
    description: props.description,
    runtime: lambdaRuntime,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    environment: props.environment,
    logGroup,
    projectRoot: repoRoot,
    depsLockFilePath: join(repoRoot, 'package-lock.json'),
    bundling: {
      format: OutputFormat.ESM,
      target: 'node22',
      platform: 'node',
      minify: true,
      sourceMap: true,
      // Linked (DEFAULT) maps keep the sourceMappingURL comment that --enable-source-maps needs.
      sourceMapMode: SourceMapMode.DEFAULT,
      sourcesContent: false,
      mainFields: ['module', 'main'],
      // CommonJS dependencies inside an ES module bundle still call require() for Node built-ins.
      banner: "import { createRequire as __tokoCreateRequire } from 'node:module'; const require = __tokoCreateRequire(import.meta.url);",
      forceDockerBundling: false,
      logLevel: LogLevel.WARNING,
    },
  });
}
