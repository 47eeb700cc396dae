/**
 * Every function's bundle from one esbuild run. `NodejsFunction` runs esbuild once per function: each run reads and
 * parses the code the functions share (the platform, zod, middy, Powertools) again. One build of all the entries parses
 * each module once and spreads the work over the cores; each function then takes its entry's folder as its code, the
 * same files (`index.mjs` and its linked source map) with the same options as `NodejsFunction`'s own bundling.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { Stack, Stage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { lambdaBundle } from '../../frontend/build/lambda-bundle.js';
import { repoRoot } from './config.js';

/** The esbuild options every function's bundle is built with (as `NodejsFunction`'s bundling passes them). */
export interface FunctionBundling {
  externalModules: string[];
  banner: string;
  mainFields: string[];
}

const built = new WeakMap<Stack, Map<string, string>>();

/**
 * Builds the bundles of `entries` for the functions of `scope`'s stack, once. Nothing is built where the stack's
 * bundling is turned off (`aws:cdk:bundling-stacks`): the functions then bundle, or skip bundling, as `NodejsFunction` does.
 */
export function bundleEntries(scope: Construct, entries: readonly string[], bundling: FunctionBundling): void {
  const stack = Stack.of(scope);
  if (!stack.bundlingRequired || built.has(stack)) return;
  const outdir = join(Stage.of(stack)?.outdir ?? repoRoot, '.bundles', stack.artifactId);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const folders = new Map([...new Set(entries)].map((entry) => [entry, relative(repoRoot, entry).replace(/\.tsx?$/, '')]));
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    ...lambdaBundle,
    entryPoints: Object.fromEntries([...folders].map(([entry, folder]) => [join(folder, 'index'), entry])),
    outdir,
    outExtension: { '.js': '.mjs' },
    external: bundling.externalModules,
    mainFields: bundling.mainFields,
    banner: { js: bundling.banner },
    // Linked maps keep the sourceMappingURL comment that --enable-source-maps needs.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  built.set(stack, new Map([...folders].map(([entry, folder]) => [entry, join(outdir, folder)])));
}

/** The code of a function whose entry bundleEntries built in its stack; undefined where it did not. */
export function bundledCode(scope: Construct, entry: string): Code | undefined {
  const folder = built.get(Stack.of(scope))?.get(entry);
  return folder ? Code.fromAsset(folder) : undefined;
}
