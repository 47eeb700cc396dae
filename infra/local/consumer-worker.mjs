// The entry of a consumer's worker thread (consumer-worker.ts): Node runs a worker's first file as it is, so this one,
// in plain JavaScript, registers tsx's loader before it imports the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./consumer-worker-thread.ts');
