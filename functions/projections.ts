/** Every projection by its name, which is also the name of the projector line that runs it in functions/consumers.ts. */
import type { Projection } from './platform/projection.js';
import { adminReleasesProjection } from './catalogue/projections/admin-releases.js';
import { catalogueProjection } from './catalogue/projections/catalogue.js';
import { commerceProjection } from './commerce/projections/commerce.js';
import { libraryProjection } from './library/projections/library.js';
import { notificationsProjection } from './notifications/projections/notifications.js';
import { playlistsProjection } from './catalogue/projections/playlists.js';
import { rollupsProjection } from './dashboard/projections/rollups.js';
import { statementsProjection } from './statements/projections/statements.js';
import { searchProjection } from './search/projections/search.js';
import { usersProjection } from './accounts/projections/users.js';

export const projections: Record<string, Projection> = Object.fromEntries(
  [
    adminReleasesProjection,
    catalogueProjection,
    commerceProjection,
    libraryProjection,
    notificationsProjection,
    playlistsProjection,
    rollupsProjection,
    statementsProjection,
    searchProjection,
    usersProjection,
  ].map((p) => [p.name, p]),
);
