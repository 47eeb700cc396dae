/** Accounts' public face: what other contexts and the HTTP edge use of a person, an admin's permissions and step-up, and sign-in's rate limits. */
export { steppedUp } from './admin-step-up.js';
export { mayAct, userStream } from './domain/user.js';
export { hitRateLimit, hmac, ipBucket } from './sign-in-challenges.js';
export { accessOf, findUserIdByEmail, freshUser } from './users.js';
