/** A refused play report's reason, as the label reads it: the dashboard's suspicious plays and the sync manager's. */
import type { PlayRefusalReason } from '../../../../../events/play-refusals.js';

export const refusalWords: Record<PlayRefusalReason, string> = {
  no_token: 'without a start',
  bad_token: 'with a forged or broken start',
  expired: 'started too long before',
  other_listener: "with another listener's start",
  other_track: "with another track's start",
  too_early: 'sooner than the track could have played',
  repeat: 'repeating a play already counted',
  daily_ceiling: "past a listener's daily ceiling",
};
