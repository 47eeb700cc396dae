/** Every projection by its name, which is also the name of the projector line that runs it in functions/consumers.ts. */
import type { Projection } from '../lib/projection.js';
import { adminReleasesProjection } from './admin-releases.js';
import { catalogueProjection } from './catalogue.js';
import { commerceProjection } from './commerce.js';
import { libraryProjection } from './library.js';
import { notificationsProjection } from './notifications.js';
import { playlistsProjection } from './playlists.js';
import { rollupsProjection } from './rollups.js';
import { statementsProjection } from './statements.js';
import { searchProjection } from './search.js';
import { usersProjection } from './users.js';

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
