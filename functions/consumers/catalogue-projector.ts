/** Queue consumer: projects catalogue events into the catalogue view. */
import { projectionConsumer } from '../lib/consumer.js';
import { catalogueProjection } from '../projections/catalogue.js';

export const handler = projectionConsumer(catalogueProjection);
