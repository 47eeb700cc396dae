/**
 * Lint for the whole repository (`npm run lint`, the first step of `npm test`): typescript-eslint's type-checked rules,
 * React hooks and accessibility for the SPA, and the layer rules (who may import whom; docs/architecture.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Who may import whom, by folder (paths from the repository root). A file takes the first entry its path starts with;
 * an import is checked by where it lands, so `../../functions/lib/x.js` and a deeper `../` chain are the same import.
 */
const layers = [
  { from: 'events/', forbid: ['functions/', 'infra/', 'frontend/'], why: 'events are the shared language and depend on no layer' },
  {
    from: 'functions/domain/',
    allowOnly: ['events/', 'functions/domain/', 'functions/platform/errors.'],
    why: 'the domain is pure: events, other domain modules and the domain errors only',
  },
  {
    from: 'frontend/',
    forbid: ['functions/', 'infra/'],
    except: ['functions/contract/', /^functions\/[a-z-]+\/contract\//],
    // The API client types its calls from the manifest's lines; a type-only import adds nothing to the bundle.
    typesFrom: ['functions/routes.'],
    why: 'the SPA shares only the contract with the API (and the manifest, as types)',
  },
];
const FEATURES = 'frontend/src/features/';

/** package.json's subpath imports (`#contract/*`), so an aliased import is checked by where it lands, as a relative one is. */
const subpathImports = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {});

/** The file an `#alias/…` specifier names, from the repository root ('' when no entry of package.json's imports matches). */
function aliased(specifier) {
  for (const [pattern, to] of subpathImports) {
    const [prefix, suffix = ''] = pattern.split('*');
    const wildcard = pattern.includes('*');
    if (!wildcard ? specifier === pattern : specifier.startsWith(prefix) && specifier.endsWith(suffix)) {
      const matched = specifier.slice(prefix.length, specifier.length - suffix.length);
      return path.posix.normalize(wildcard ? to.replace('*', matched) : to);
    }
  }
  return '';
}

/** Where a relative or aliased import lands, from the repository root ('' for a package or an import outside the repository). */
function target(filename, specifier) {
  if (specifier.startsWith('#')) return aliased(specifier);
  if (!specifier.startsWith('.')) return '';
  const landed = path
    .relative(root, path.resolve(path.dirname(filename), specifier))
    .split(path.sep)
    .join('/');
  return landed.startsWith('..') ? '' : landed;
}

function layerViolation(from, to, typeOnly) {
  const layer = layers.find((l) => from.startsWith(l.from));
  if (layer) {
    const inside = (places) => places.some((p) => (p instanceof RegExp ? p.test(to) : to.startsWith(p)));
    const allowed = inside(layer.except ?? []) || (typeOnly && inside(layer.typesFrom ?? []));
    const refused = layer.allowOnly ? !inside(layer.allowOnly) : inside(layer.forbid) && !allowed;
    if (refused) return `${layer.from} may not import ${to}: ${layer.why}`;
  }
  if (from.startsWith(FEATURES) && to.startsWith(FEATURES)) {
    const [own] = from.slice(FEATURES.length).split('/');
    const [other, ...rest] = to.slice(FEATURES.length).split('/');
    const publicApi = rest.length === 0 || (rest.length === 1 && /^index(\.[jt]sx?)?$/.test(rest[0]));
    if (other !== own && !publicApi) return `features/${own} reaches features/${other} only through features/${other}/index.ts, not ${to}`;
  }
  return undefined;
}

const layerRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports respect the layers (events, domain, SPA, feature folders)' } },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (source, typeOnly = false) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = target(context.filename, source.value);
      const message = to && layerViolation(from, to, typeOnly);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const ignored = { ignores: ['node_modules/', 'frontend/dist/', 'cdk.out/', '.local/', '.bench/', 'test-results/', 'infra/seed/media/'] };

/**
 * The layer rules alone: they read only the syntax, so they need no type information and run in seconds
 * (`npm run lint:layers`, part of `npm test`, uses just these).
 */
export const layerRules = tseslint.config(
  ignored,
  { files: ['**/*.{ts,tsx}'], extends: [tseslint.configs.base] },
  { plugins: { layers: { rules: { imports: layerRule } } } },
  {
    // Tests are off the layer rule: a test wires layers together (a domain rule checked against real projections, say).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'layers/imports': 'error' },
  },
  {
    // HttpError is the edge's answer: code below the edge throws domain or application errors, mapped to HTTP once.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['functions/http/**', 'functions/platform/http.ts', 'frontend/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='HttpError']",
          message: 'Throw a domain or application error; only functions/http/ and functions/platform/http.ts make an HttpError.',
        },
      ],
    },
  },
);

export default tseslint.config(
  ...layerRules,
  js.configs.recommended,
  // Recommended, not strict: with `noUncheckedIndexedAccess` off, strict's no-unnecessary-condition calls every guard on an
  // index or a map lookup needless, and its stylistic half adds churn without catching bugs; the recommended type-checked
  // set keeps what does (floating promises, unsafe `any`, misused promises).
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // A test reads JSON it did not type (API answers, mails, stored items) and asserts on its fields; api() checks every
    // 2xx answer against the route's contract schema at run time, which is the check these rules would stand in for.
    files: ['test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off', // see above: test JSON is asserted on, not typed
      '@typescript-eslint/no-unsafe-assignment': 'off', // see above
      '@typescript-eslint/no-unsafe-call': 'off', // see above
      '@typescript-eslint/no-unsafe-argument': 'off', // see above
      '@typescript-eslint/no-unsafe-return': 'off', // see above
      '@typescript-eslint/no-explicit-any': 'off', // see above: a test's JSON is `any` until it is asserted on
    },
  },
  {
    // What a Lambda imports is what its bundle weighs, and each bundle has a size budget: the classic zod brings its
    // methods and a locale along, and `z.core` or `z.locales` read as a value bring every part of zod and every language.
    // Server code spells its schemas in zod/mini; the types under `z.core` stay free to use.
    files: ['functions/**/*.ts', 'events/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import * as z from 'zod/mini': the classic zod adds ~60 KB to every Lambda bundle." }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'z', property: 'core', message: "z.core as a value bundles all of zod: import the one export from 'zod/v4/core'." },
        { object: 'z', property: 'locales', message: "z.locales bundles every language: import the one locale from 'zod/locales'." },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['frontend/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // The SPA names a route by its manifest key, api('GET /api/albums/{id}', …), which the typecheck holds to the
    // manifest and the contract; a path written by hand would drift unseen.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: "Call the API with api('METHOD /api/…', answer, { params, query, body }) from lib/http, not a path by hand.",
        })),
      ],
    },
  },
  {
    files: ['frontend/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Plain JavaScript (the service worker, scripts, this file) is outside tsconfig.json: no type information to check with.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
