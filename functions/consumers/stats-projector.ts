/** Queue consumer: counts qualified plays. */
import { projectionConsumer } from '../lib/consumer.js';
import { statsProjection } from '../projections/stats.js';

export const handler = projectionConsumer(statsProjection);
