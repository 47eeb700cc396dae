/** esbuild's options for code that runs in a Lambda (Node 22, ES modules, minified): the CDK's layers, the page renderer's layer and the bundle bench build alike. */
export const lambdaBundle = { bundle: true, minify: true, format: 'esm', platform: 'node', target: 'node22' } as const;
