/**
 * The entry: the page is painted first (a pre-rendered page is whole already, and index.html's shell says the app
 * is coming); then React (app/react.ts), the libraries the app is built on (app/libraries.ts), the first page's
 * schemas (app/contract-schemas.ts) and the app (app/start.tsx), each in a task of its own. Evaluating all of it in one
 * task held the main thread for as long as they together take, and before the first paint; index.html preloads the
 * chunks, so they are downloaded alongside this one and nothing waits on the network.
 */
import './styles.css';
import { afterFirstPaint, nextTask } from './lib/next-task';

void afterFirstPaint()
  .then(() => import('./app/react'))
  .then(nextTask)
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/contract-schemas'))
  .then(nextTask)
  .then(() => import('./app/start'));
