/** Why a play report did not count (functions/listening/domain/plays.ts decides): a module of its own, free of zod, so the SPA can list them. */
export const playRefusalReasons = [
  'no_token',
  'bad_token',
  'expired',
  'other_listener',
  'other_track',
  'too_early',
  'repeat',
  'daily_ceiling',
] as const;
export type PlayRefusalReason = (typeof playRefusalReasons)[number];
