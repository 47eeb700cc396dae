/** Queue consumer: projects user events into the users view. */
import { projectionConsumer } from '../lib/consumer.js';
import { usersProjection } from '../projections/users.js';

export const handler = projectionConsumer(usersProjection);
