/** Accounts' public face: what other contexts use of a person and an admin's permissions, the HTTP edge's authorizer, and sign-in's rate limits. */
export { authorizer } from './authorizer.js';
export { mayAct, userStream } from './domain/user.js';
export { hitRateLimit, hmac, ipBucket } from './sign-in-challenges.js';
export { findUserIdByEmail, freshUser } from './users.js';
