/**
 * The contract's modules whose schemas the first page reads its answers with, loaded by main.tsx beside the app and
 * evaluated in a task of their own: building the schemas (zod) is a large share of evaluating the app, too long for one
 * task on a slow phone. The build puts the modules named here, and zod, in a chunk of their own (vite.config.ts reads
 * this list), which the first page's code never imports: its calls load their schemas (lib/http.ts). A module missing
 * here comes in a chunk of its own when first needed.
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
import '#contract/search.js';
