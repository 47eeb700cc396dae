/** Answers the notification rules' lookups (functions/notifications/domain/rules.ts) from the views. */
import type { RuleLookups } from './domain/rules.js';
import { artistKey } from '../catalogue/projections/catalogue.js';
import { artistFansPartition, type ArtistFanItem } from '../library/projections/library.js';
import type { ViewItem, ViewKey } from '../platform/projection.js';

/** The view reads the lookups need: functions/platform/views.ts in the system, a memory store in unit tests. */
interface ViewQueries {
  getView(key: ViewKey): Promise<ViewItem | undefined>;
  queryViews(partition: { pk: string }): Promise<ViewItem[]>;
}

export function notificationLookups(views: ViewQueries): RuleLookups {
  return {
    artistFans: async (artistId) => {
      const fans = (await views.queryViews({ pk: artistFansPartition(artistId) })) as (ViewItem & ArtistFanItem)[];
      return fans.map((fan) => fan.userId);
    },
    artistName: async (artistId) => {
      const artist = await views.getView(artistKey(artistId));
      return typeof artist?.name === 'string' ? artist.name : undefined;
    },
  };
}
