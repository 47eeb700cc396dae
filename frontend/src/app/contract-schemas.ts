/**
 * The contract's modules whose schemas the first page reads, evaluated by main.tsx in a task of their own between the
 * libraries and the app: building the schemas (zod) is a large share of evaluating the app, too long for one task on a
 * slow phone. The build puts the modules named here in a chunk of their own (vite.config.ts reads this list); one
 * missing is only built with the app, and the schemas no screen reads are left out of the bundle all the same.
 */
import '#contract/accounts.js';
import '#contract/catalogue.js';
import '#contract/commerce.js';
import '#contract/endpoint.js';
import '#contract/library.js';
import '#contract/membership.js';
import '#contract/merch.js';
import '#contract/notifications.js';
import '#contract/plays.js';
import '#contract/pricing.js';
import '#contract/search.js';
