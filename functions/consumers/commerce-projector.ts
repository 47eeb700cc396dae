/** Queue consumer: projects carts, purchases, album downloads and exclusive videos into the commerce views. */
import { projectionConsumer } from '../lib/consumer.js';
import { commerceProjection } from '../projections/commerce.js';

export const handler = projectionConsumer(commerceProjection);
