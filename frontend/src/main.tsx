/**
 * The entry: the page is painted first (a pre-rendered page is whole already, and index.html's shell says the app
 * is coming); then React (app/react.ts), the libraries the app is built on (app/libraries.ts) and the app
 * (app/start.tsx), each in a task of its own. Evaluating all of it in one task held the main thread for as long as they
 * together take, and before the first paint; index.html preloads the chunks, so they are downloaded alongside this one
 * and nothing waits on the network. The first page's schemas (zod and app/contract-schemas.ts), which only its answers
 * need, are asked for once the page is painted and arrive while the app starts; they are evaluated in a task of their own
 * too, and an answer that comes first waits for them (lib/http.ts).
 */
import './styles.css';
import { afterFirstPaint, nextTask } from './lib/next-task';

const painted = afterFirstPaint();
void painted.then(() => import('./app/contract-schemas'));
void painted
  .then(() => import('./app/react'))
  .then(nextTask)
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/start'));
