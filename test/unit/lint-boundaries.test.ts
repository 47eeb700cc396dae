/** The layer rules of eslint.config.js bite: a violating import or throw in the right folder fails lint, an allowed one passes. */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The layer rules read only the syntax: without type information each file lints in milliseconds, not after a whole-program load.
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

/** The messages of the layer rules for `code` as if it were the (not written) file at `filePath`. */
async function layerFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'layers/imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layer rules', () => {
  it('events/ imports nothing from functions/, infra/ or frontend/', async () => {
    for (const from of ['../functions/lib/http.js', '../infra/local/cloud.js', '../frontend/src/lib/http']) {
      expect(await layerFindings('events/probe.ts', `export * from '${from}';`)).toEqual([
        expect.stringContaining('events/ may not import'),
      ]);
    }
    expect(await layerFindings('events/probe.ts', `export * from './index.js';`)).toEqual([]);
  });

  it('functions/domain/ imports only events/ and other domain modules', async () => {
    const file = 'functions/domain/catalogue/probe.ts';
    expect(await layerFindings(file, `export type { ViewItem } from '../../lib/projection.js';`)).toEqual([
      expect.stringContaining('functions/domain/ may not import functions/platform/projection.js'),
    ]);
    expect(await layerFindings(file, `export * from '../../projections/catalogue.js';`)).toHaveLength(1);
    expect(
      await layerFindings(file, `export * from '../errors.js';\nexport * from '../../../events/index.js';\nexport * from 'zod';`),
    ).toEqual([]);
  });

  it('frontend/ imports nothing from functions/ or infra/ except functions/contract/', async () => {
    const file = 'frontend/src/features/cart/probe.ts';
    expect(await layerFindings(file, `export * from '../../../../functions/domain/pricing.js';`)).toEqual([
      expect.stringContaining('frontend/ may not import functions/domain/pricing.js'),
    ]);
    expect(await layerFindings(file, `const m = import('../../../../infra/aws/config.js');`)).toHaveLength(1);
    expect(await layerFindings(file, `export * from '../../../../functions/contract/commerce.js';`)).toEqual([]);
  });

  it('an #contract/ import is the contract layer, and an alias that climbs out of it is checked where it lands', async () => {
    const file = 'frontend/src/features/cart/probe.ts';
    expect(await layerFindings(file, `export * from '#contract/commerce.js';`)).toEqual([]);
    expect(await layerFindings(file, `export * from '#contract/../lib/http.js';`)).toEqual([
      expect.stringContaining('frontend/ may not import functions/platform/http.js'),
    ]);
    expect(await layerFindings('events/probe.ts', `export * from '#contract/commerce.js';`)).toEqual([
      expect.stringContaining('events/ may not import functions/commerce/contract/commerce.js'),
    ]);
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
      expect.stringContaining('frontend/ may not import functions/routes.js'),
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

  it('HttpError is made only in functions/http/ and functions/platform/http.ts', async () => {
    const code = `import { HttpError } from './http.js';\nexport const fail = () => { throw new HttpError(401, 'no'); };`;
    expect(await layerFindings('functions/lib/probe.ts', code)).toEqual([expect.stringContaining('only functions/http/')]);
    expect(await layerFindings('functions/consumers/probe.ts', code)).toHaveLength(1);
    expect(await layerFindings('functions/http/probe.ts', code)).toEqual([]);
    expect(await layerFindings('functions/platform/http.ts', code)).toEqual([]);
  });
});
