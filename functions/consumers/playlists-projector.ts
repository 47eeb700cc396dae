/** Queue consumer: projects curated playlists into the playlists view. */
import { projectionConsumer } from '../lib/consumer.js';
import { playlistsProjection } from '../projections/playlists.js';

export const handler = projectionConsumer(playlistsProjection);
