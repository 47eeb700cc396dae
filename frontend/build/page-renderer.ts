/**
 * Bundles the pre-rendered pages' renderer (src/prerender/render-page.tsx) into one minified ES module for Node:
 * the pre-render consumer loads it from a Lambda layer in AWS (infra/aws/lambda.ts) and from `.local/` in the local
 * cloud, the same file both ways. Together React's server renderer and the app's components weigh more than a
 * function's bundle budget, and only that consumer needs them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { lambdaBundle } from './lambda-bundle.js';

const frontend = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(frontend, '..');

/** The module's path inside its directory (the layer's `nodejs/node_modules/<name>`), and its package name. */
export const PAGE_RENDERER_MODULE = 'toko-page-renderer';

/** Writes `<dir>/index.mjs` (and its package.json); returns the module's path. */
export function buildPageRenderer(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'index.mjs');
  buildSync({
    entryPoints: [join(frontend, 'src/prerender/render-page.tsx')],
    outfile,
    ...lambdaBundle,
    jsx: 'automatic',
    mainFields: ['module', 'main'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // react-router publishes its development build under every condition (as frontend/vite.config.ts notes).
    alias: { 'react-router': join(repoRoot, 'node_modules/react-router/dist/production/index.mjs') },
    // The admin's second factor loads its QR code maker when an admin enrols: never on a page a guest sees.
    external: ['qrcode'],
    banner: {
      js: "import { createRequire as __tokoCreateRequire } from 'node:module'; const require = __tokoCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: PAGE_RENDERER_MODULE, type: 'module', exports: { '.': './index.mjs' } }));
  return outfile;
}
