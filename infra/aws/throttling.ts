/**
 * API Gateway's limits for the routes an attacker or a runaway client would hammer: sign-in (codes and mail sent,
 * password checks), checkout (a Stripe session per call) and track-play with its start (the busiest write, and the token each play asks for first). They apply per route
 * across all callers, in requests per second, and sit well above the load `npm run capacity` models at
 * 1,000,000 daily listeners, so they bound a flood without touching real traffic. Other routes keep the account's limits.
 */
import type { RouteKey } from '../../functions/routes.js';

interface RouteThrottle {
  /** Steady requests per second. */
  rateLimit: number;
  /** Requests let through at once above the rate. */
  burstLimit: number;
}

// 1,000,000 listeners × 30 plays a day is ≈ 350 plays/s, ≈ 1,050/s in a peak hour at 3× the mean: twice that.
const trackPlay: RouteThrottle = { rateLimit: 2_000, burstLimit: 4_000 };
// A sign-in a day for one listener in ten is ≈ 1.2/s, ≈ 3.5/s at peak: each sign-in route takes seven times that.
const signIn: RouteThrottle = { rateLimit: 25, burstLimit: 50 };
// Checkouts are rarer still; ten per second keeps the Stripe calls they make far below Stripe's own rate limit.
const checkout: RouteThrottle = { rateLimit: 10, burstLimit: 20 };

export const routeThrottles: Partial<Record<RouteKey, RouteThrottle>> = {
  'POST /api/track-play/start': trackPlay,
  'POST /api/track-play': trackPlay,
  'POST /api/auth/smart-signin': signIn,
  'POST /api/auth/login': signIn,
  'POST /api/auth/verify-code': signIn,
  'POST /api/auth/send-magic-auth-link': signIn,
  'POST /api/auth/send-magic-link': signIn,
  'POST /api/auth/admin/totp/verify': signIn,
  'POST /api/auth/admin/enrolment': signIn,
  'POST /api/auth/admin/enrolment/complete': signIn,
  'POST /api/cart/checkout': checkout,
  'POST /api/simple-checkout': checkout,
  'POST /api/subscription/checkout': checkout,
  'POST /api/subscription/checkout/hosted': checkout,
};
