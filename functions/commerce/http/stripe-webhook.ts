/**
 * HTTP context `stripe-webhook`: Stripe's deliveries. The signature is checked on the raw body
 * (missing, tampered or older than 5 minutes → 400) before anything is read; each event is applied
 * once however often and in whatever order Stripe sends it (functions/commerce/stripe-events.ts).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConcurrencyError, dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { stripeWebhookRoutes } from '../../routes.js';
import { retry } from '../../platform/retry.js';
import { applyStripeEvent } from '../stripe-events.js';
import { verifyWebhook } from '../stripe.js';
import { correlatedLogger, createLogger } from '../../platform/log.js';
import { countingFailures } from '../../platform/metrics.js';

const logger = createLogger('stripe-webhook');

/** Concurrent deliveries of one event meet on the same stream; the loser tries again and finds it done. */
const isContention = (error: unknown) => error instanceof ConcurrencyError || error instanceof TransactionCanceledException;

export const handler = contextHandler(stripeWebhookRoutes, authorizer, {
  'POST /api/stripe/webhook': ({ request }) =>
    countingFailures(correlatedLogger(logger, request.requestId), async () => {
      const event = await verifyWebhook(
        request.rawBody.toString('utf8'),
        request.headers['stripe-signature'],
        request.receivedAt.getTime(),
      );
      const outcome = await retry(
        () => applyStripeEvent(event, { correlationId: event.id, at: request.receivedAt, eventStore: dynamoEventStore }),
        {
          attempts: 5,
          retryOn: isContention,
          delayMs: (attempt) => 20 * attempt + Math.random() * 30,
        },
      );
      // Its events' correlation id is the Stripe event's id, which the consumers' lines carry: so does this one.
      logger.info('stripe event', { correlationId: event.id, id: event.id, type: event.type, outcome });
      return { received: true, outcome };
    }),
});
