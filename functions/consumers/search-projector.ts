/** Queue consumer: projects catalogue and playlist events into the search view. */
import { projectionConsumer } from '../lib/consumer.js';
import { searchProjection } from '../projections/search.js';

export const handler = projectionConsumer(searchProjection);
