/**
 * The contract's modules whose schemas the first page reads, evaluated by main.tsx in a task of their own between the
 * libraries and the app: building the schemas (zod) was about a third of evaluating the app, ~100 ms of one task on a
 * 4× slower CPU. The build puts the modules named here in a chunk of their own (vite.config.ts reads this list); one
 * missing is only built with the app, and the schemas no screen reads are left out of the bundle all the same.
 */
import '../../../functions/contract/accounts';
import '../../../functions/contract/catalogue';
import '../../../functions/contract/commerce';
import '../../../functions/contract/endpoint';
import '../../../functions/contract/library';
import '../../../functions/contract/membership';
import '../../../functions/contract/merch';
import '../../../functions/contract/notifications';
import '../../../functions/contract/plays';
import '../../../functions/contract/pricing';
import '../../../functions/contract/search';
