/** Queue consumer: projects library events and signed-in plays into the library views. */
import { projectionConsumer } from '../lib/consumer.js';
import { libraryProjection } from '../projections/library.js';

export const handler = projectionConsumer(libraryProjection);
