/**
 * Holds the sandbox's objects to the `stripe` package's own types, so that a field Stripe drops, renames or retypes in
 * a new API version fails the typecheck instead of leaving the sandbox answering what Stripe no longer does.
 */
import type Stripe from 'stripe';

/** A value as it crosses the wire: the SDK turns a decimal string into its own `Decimal`, Stripe sends the string. */
type Wire<Theirs> = Theirs extends Stripe.Decimal ? string : Theirs;

/** The object `Theirs` may be (an expandable field is `string | Object | DeletedObject | null`), the live object alone. */
type ObjectsOf<Theirs> = Exclude<Extract<NonNullable<Theirs>, object>, readonly unknown[] | { deleted: true }>;
/** Of the objects `Theirs` may be (an event's `data.object` is any of Stripe's), the one of the same `object` as ours. */
type ObjectOf<Ours, Theirs> = Ours extends { object: infer Kind }
  ? [Extract<ObjectsOf<Theirs>, { object: Kind }>] extends [never]
    ? ObjectsOf<Theirs>
    : Extract<ObjectsOf<Theirs>, { object: Kind }>
  : ObjectsOf<Theirs>;
type ElementOf<Theirs> = Extract<NonNullable<Theirs>, readonly unknown[]>[number];

/**
 * `Ours` field by field as Stripe types it: a value takes Stripe's type (so ours must be one it allows), an object
 * keeps only the fields Stripe has (one it lacks becomes `never`, which no value is), a list checks its elements.
 */
export type Shown<Ours, Theirs> = Ours extends string | number | boolean | null | undefined
  ? Wire<Theirs>
  : Ours extends readonly (infer Element)[]
    ? Shown<Element, ElementOf<Theirs>>[]
    : { [K in keyof Ours]: K extends keyof ObjectOf<Ours, Theirs> ? Shown<Ours[K], ObjectOf<Ours, Theirs>[K]> : never };

/**
 * `Ours`, a sandbox object that shows a subset of `Theirs` (a `stripe` type such as `Stripe.Checkout.Session`) with
 * narrower values (`currency: 'usd'`, `livemode: false`). When a field is not Stripe's it is instead a type no object
 * is, naming what Stripe expects, so every place that makes one fails to compile.
 */
export type StripeShaped<Theirs, Ours> = [Ours] extends [Shown<Ours, Theirs>] ? Ours : { notAsStripeTypesIt: Shown<Ours, Theirs> };
