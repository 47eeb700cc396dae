/**
 * Lint for the whole repository (`npm run lint`, the first step of `npm test`): typescript-eslint's recommended rules,
 * React hooks and accessibility for the SPA, and the layer rules (who may import whom; docs/architecture.md). The rules
 * that need type information (floating and misused promises, unsafe `any`, unbound methods…: typescript-eslint's
 * recommended type-checked set) run in oxlint on the TypeScript 7 checker (`.oxlintrc.json`, the same `npm run lint`):
 * in ESLint they took two minutes of the lint's two and a half, in oxlint about ten seconds.
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

/** A bounded context's folder under functions/ (platform/ is no context: it is what they all use). */
const CONTEXT = /^functions\/(?!platform\/)([a-z-]+)\/./;
/** What a context shows the others: its public module, its contracts (the SPA reads them too) and its views' keys and types. */
const PUBLIC_FACE = /^functions\/[a-z-]+\/(index\.[jt]s$|contract\/|projections\/)/;
/** A context's pure deciders and rules. */
const DOMAIN = /^functions\/[a-z-]+\/domain\//;

/**
 * Who may import whom, by folder (paths from the repository root). A file is held to every entry its path matches;
 * an import is checked by where it lands, so `../../functions/platform/x.js` and a deeper `../` chain are the same import.
 */
const layers = [
  { from: 'events/', forbid: ['functions/', 'infra/', 'frontend/'], why: 'events are the shared language and depend on no layer' },
  {
    from: DOMAIN,
    allowOnly: ['events/', DOMAIN, 'functions/platform/errors.'],
    why: "the domain is pure: events, deciders and rules (its own or another context's) and the domain errors only",
  },
  {
    from: 'functions/platform/',
    forbid: [CONTEXT],
    // A contract's types describe what an operator reads of the plumbing (recent errors); a type adds no code.
    typesFrom: [/^functions\/[a-z-]+\/contract\//],
    why: 'platform is what every context uses and no context owns: it imports none (the edge is handed an Authorizer)',
  },
  {
    from: /^functions\/[a-z-]+\/projections\//,
    forbid: [/^functions\/[a-z-]+\/http\//],
    why: 'a projection writes views from events and knows nothing of the HTTP handlers that read them',
  },
  {
    from: 'frontend/',
    forbid: ['functions/', 'infra/'],
    except: [/^functions\/[a-z-]+\/contract\//],
    // The API client types its calls from the manifest's lines; a type-only import adds nothing to the bundle.
    typesFrom: ['functions/routes.'],
    why: 'the SPA shares only the contract with the API (and the manifest, as types)',
  },
  {
    from: 'frontend/src/features/',
    forbid: ['frontend/src/app/'],
    why: 'dependencies flow shared → features → app: the app assembles the features, not the other way round',
  },
  {
    from: /^frontend\/src\/(ui|lib)\//,
    forbid: ['frontend/src/features/', 'frontend/src/app/'],
    why: 'ui/ and lib/ are shared by every feature and know none',
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

const matches = (place, path) => (place instanceof RegExp ? place.test(path) : path.startsWith(place));
const inside = (places, path) => places.some((place) => matches(place, path));

function layerViolation(from, to, typeOnly) {
  for (const layer of layers.filter((l) => matches(l.from, from))) {
    const allowed = inside(layer.except ?? [], to) || (typeOnly && inside(layer.typesFrom ?? [], to));
    const refused = layer.allowOnly ? !inside(layer.allowOnly, to) : inside(layer.forbid, to) && !allowed;
    if (refused) return `${from} may not import ${to}: ${layer.why}`;
  }
  const [, own] = CONTEXT.exec(from) ?? [];
  const [, other] = CONTEXT.exec(to) ?? [];
  if (own && other && other !== own && !PUBLIC_FACE.test(to) && !(DOMAIN.test(from) && DOMAIN.test(to))) {
    return `functions/${own} reaches functions/${other} only through its index.ts, contract/ or projections/, not ${to}`;
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
    ignores: ['functions/*/http/**', 'functions/platform/http.ts', 'frontend/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='HttpError']",
          message: 'Throw a domain or application error; only functions/<context>/http/ and functions/platform/http.ts make an HttpError.',
        },
      ],
    },
  },
);

export default tseslint.config(
  ...layerRules,
  js.configs.recommended,
  // Recommended, not strict: with `noUncheckedIndexedAccess` off, strict's no-unnecessary-condition calls every guard on an
  // index or a map lookup needless, and its stylistic half adds churn without catching bugs. The type-checked half of
  // the recommended set (floating promises, unsafe `any`, misused promises) is oxlint's (`.oxlintrc.json`).
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // A test reads JSON it did not type (API answers, mails, stored items) and asserts on its fields; api() checks every
    // 2xx answer against the route's contract schema at run time. (`.oxlintrc.json` lets tests use the `any` too.)
    files: ['test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
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
);
