/**
 * What one route takes and answers: the zod schemas the handler, the SPA and the integration tests read.
 * Contract modules import only zod (the small `zod/mini` build, so the SPA's bundle stays small) and events/.
 */
import * as z from 'zod/mini';

export interface Endpoint {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The JSON of a 2xx answer; `noBody` for a route that answers with a redirect or nothing. */
  answer: z.ZodMiniType;
}

/**
 * Marked free of side effects (as zod's own builders are), so a bundle drops the endpoints it does not read: the SPA
 * imports answer schemas only, and its build leaves the params, query and body schemas out.
 */
// @__NO_SIDE_EFFECTS__
export const endpoint = <E extends Endpoint>(definition: E): E => definition;

/** A route that answers without a JSON body (a redirect). */
export const noBody = z.undefined();

/** An id in a path or a body: what the catalogue and the stores key on. */
export const entityId = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** Ids older clients send as numbers are read as strings. */
export const looseId = z.pipe(
  z.union([z.string(), z.number()]),
  z.pipe(z.transform(String), z.string().check(z.minLength(1), z.maxLength(100))),
);

export const tier = z.enum(['free', 'toko_plus', 'purchase_required']);
export const nullableText = z.nullable(z.string());
export const success = z.literal(true);

/**
 * An e-mail address, trimmed before it is checked. A schema rather than a function making one: a bundler drops an unused
 * schema that holds it, not one that calls a function of another module.
 */
export const emailAddress = z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email());
