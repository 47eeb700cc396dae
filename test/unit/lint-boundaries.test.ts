/** The layer rules of eslint.config.js bite: a violating import or throw in the right folder fails lint, an allowed one passes. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// ESLint's rules read only the syntax (the type-checked ones are oxlint's): each file lints in milliseconds.
const eslint = new ESLint();

/** The messages of the layer rules for `code` as if it were the (not written) file at `filePath`. */
async function layerFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'layers/imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layer rules', () => {
  it('events/ imports nothing from functions/, infra/ or frontend/', async () => {
    for (const from of ['../functions/platform/http.js', '../infra/local/cloud.js', '../frontend/src/lib/http']) {
      expect(await layerFindings('events/probe.ts', `export * from '${from}';`)).toEqual([
        expect.stringContaining('events/probe.ts may not import'),
      ]);
    }
    expect(await layerFindings('events/probe.ts', `export * from './index.js';`)).toEqual([]);
  });

  it("a context's domain imports only events/, deciders and the domain errors", async () => {
    const file = 'functions/catalogue/domain/probe.ts';
    expect(await layerFindings(file, `export type { ViewItem } from '../../platform/projection.js';`)).toEqual([
      expect.stringContaining('functions/catalogue/domain/probe.ts may not import functions/platform/projection.js'),
    ]);
    expect(await layerFindings(file, `export * from '../projections/catalogue.js';`)).toHaveLength(1);
    expect(
      await layerFindings(
        file,
        `export * from '../../platform/errors.js';\nexport * from '../../listening/domain/plays.js';\nexport * from '../../../events/index.js';\nexport * from 'zod';`,
      ),
    ).toEqual([]);
  });

  it("a context reaches another only through its index.ts, its contracts or its views' keys", async () => {
    const file = 'functions/commerce/refunds.ts';
    expect(await layerFindings(file, `export { loadUser } from '../accounts/users.js';`)).toEqual([
      expect.stringContaining('functions/commerce reaches functions/accounts only through its index.ts'),
    ]);
    expect(await layerFindings('functions/commerce/http/probe.ts', `export * from '../../catalogue/catalogue-reads.js';`)).toHaveLength(1);
    expect(
      await layerFindings(
        file,
        [
          `export * from '../accounts/index.js';`,
          `export * from '../catalogue/contract/catalogue.js';`,
          `export * from '../catalogue/projections/catalogue.js';`,
          `export * from './domain/order.js';`,
          `export * from '../platform/views.js';`,
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('platform imports no context, not even the HTTP edge: it is given its authorizer', async () => {
    expect(await layerFindings('functions/platform/views.ts', `export * from '../catalogue/index.js';`)).toEqual([
      expect.stringContaining(
        'functions/platform/views.ts may not import functions/catalogue/index.js: platform is what every context uses',
      ),
    ]);
    expect(await layerFindings('functions/platform/views.ts', `export * from '../accounts/index.js';`)).toHaveLength(1);
    for (const edge of ['functions/platform/http.ts', 'functions/platform/session.ts']) {
      expect(await layerFindings(edge, `import { authorizer } from '../accounts/index.js';`)).toEqual([
        expect.stringContaining(`${edge} may not import functions/accounts/index.js: platform is what every context uses`),
      ]);
    }
    expect(
      await layerFindings('functions/platform/probe.ts', `export type { RecentError } from '../operations/contract/admin-ops.js';`),
    ).toEqual([]);
    expect(await layerFindings('functions/platform/probe.ts', `export * from '../routes.js';`)).toEqual([]);
  });

  it('a projection knows nothing of the HTTP handlers', async () => {
    expect(await layerFindings('functions/library/projections/probe.ts', `export * from '../http/library.js';`)).toEqual([
      expect.stringContaining('a projection writes views from events'),
    ]);
  });

  it("frontend/ imports nothing from functions/ or infra/ except the contexts' contract/", async () => {
    const file = 'frontend/src/features/cart/probe.ts';
    expect(await layerFindings(file, `export * from '../../../../functions/commerce/domain/cart.js';`)).toEqual([
      expect.stringContaining('may not import functions/commerce/domain/cart.js'),
    ]);
    expect(await layerFindings(file, `const m = import('../../../../infra/aws/config.js');`)).toHaveLength(1);
    expect(await layerFindings(file, `export * from '../../../../functions/commerce/contract/commerce.js';`)).toEqual([]);
  });

  it('an #contract/ import lands in the contract package.json names for it', async () => {
    const file = 'frontend/src/features/cart/probe.ts';
    expect(await layerFindings(file, `export * from '#contract/commerce.js';`)).toEqual([]);
    expect(await layerFindings('events/probe.ts', `export * from '#contract/commerce.js';`)).toEqual([
      expect.stringContaining('events/probe.ts may not import functions/commerce/contract/commerce.js'),
    ]);
  });

  it('dependencies flow shared → features → app', async () => {
    expect(await layerFindings('frontend/src/features/cart/probe.ts', `export * from '../../app/router.js';`)).toEqual([
      expect.stringContaining('the app assembles the features'),
    ]);
    expect(await layerFindings('frontend/src/ui/probe.ts', `export * from '../features/cart/index.js';`)).toEqual([
      expect.stringContaining('ui/ and lib/ are shared by every feature'),
    ]);
    expect(await layerFindings('frontend/src/lib/probe.ts', `export * from '../app/router.js';`)).toHaveLength(1);
    expect(await layerFindings('frontend/src/app/probe.ts', `export * from '../features/cart/index.js';`)).toEqual([]);
  });

  it('the SPA names a route by its manifest key, never by a path written by hand', async () => {
    const file = 'frontend/src/features/albums/api/probe.ts';
    for (const code of [`export const all = '/api/albums';`, 'export const one = (id: string) => `/api/albums/${id}`;']) {
      expect(await layerFindings(file, code)).toEqual([expect.stringContaining("Call the API with api('METHOD /api/…'")]);
    }
    expect(await layerFindings(file, `export const key = 'GET /api/albums/{id}';`)).toEqual([]);
  });

  it('the SPA reads the route manifest as types only', async () => {
    const file = 'frontend/src/lib/probe.ts';
    expect(await layerFindings(file, `import type { Route } from '../../../functions/routes.js';`)).toEqual([]);
    expect(await layerFindings(file, `import { routes } from '../../../functions/routes.js';`)).toEqual([
      expect.stringContaining('frontend/src/lib/probe.ts may not import functions/routes.js'),
    ]);
  });

  it("a feature reaches another feature only through that feature's index.ts", async () => {
    const file = 'frontend/src/features/cart/components/probe.tsx';
    expect(await layerFindings(file, `import { useOpenAccountDialog } from '../../auth/components/account-dialog-provider';`)).toEqual([
      expect.stringContaining('features/cart reaches features/auth only through features/auth/index.ts'),
    ]);
    expect(await layerFindings(file, `import { useOpenAccountDialog } from '../../auth';`)).toEqual([]);
    expect(await layerFindings(file, `import { useOpenAccountDialog } from '../../auth/index';`)).toEqual([]);
    // Inside its own feature, and to the shared ui/ and lib/, a feature imports anything.
    expect(
      await layerFindings(file, `import { cartPrices } from '../cart-pricing';\nimport { Button } from '../../../ui/button';`),
    ).toEqual([]);
  });

  it('HttpError is made only in functions/<context>/http/ and functions/platform/http.ts', async () => {
    const code = `import { HttpError } from './http.js';\nexport const fail = () => { throw new HttpError(401, 'no'); };`;
    expect(await layerFindings('functions/commerce/probe.ts', code)).toEqual([expect.stringContaining('only functions/<context>/http/')]);
    expect(await layerFindings('functions/commerce/consumers/probe.ts', code)).toHaveLength(1);
    expect(await layerFindings('functions/platform/probe.ts', code)).toHaveLength(1);
    expect(await layerFindings('functions/commerce/http/probe.ts', code)).toEqual([]);
    expect(await layerFindings('functions/platform/http.ts', code)).toEqual([]);
  });
});
