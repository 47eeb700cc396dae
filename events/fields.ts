/** The field schemas the events share, in zod/mini's spelling (a check per constraint). */
import * as z from 'zod/mini';

/** A string that is not empty: the events' ids, names and keys. */
export const nonEmpty = z.string().check(z.minLength(1));
/** An instant in ISO 8601 (`2026-01-31T12:00:00.000Z`). */
export const isoDateTime = z.iso.datetime();
/** A day in ISO 8601 (`2026-01-31`). */
export const isoDate = z.iso.date();
/** A whole number. */
export const integer = z.number().check(z.int());
/** A whole number above zero: a count, a version, a size. */
export const positiveInteger = integer.check(z.positive());
/** A whole number, zero or more: cents, a version that may be zero. */
export const nonNegativeInteger = integer.check(z.nonnegative());
/** An absolute URL. */
export const url = z.url();
