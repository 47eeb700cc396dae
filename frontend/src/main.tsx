/**
 * The entry: React first, then the libraries the app is built on (app/libraries.ts), then the app (app/start.tsx),
 * each in a task of its own. Evaluating all of it in one task held the main thread for as long as they together
 * take; index.html preloads the chunks, so they are downloaded alongside this one and nothing waits on the network.
 */
import 'react';
import 'react-dom/client';
import './styles.css';
import { nextTask } from './lib/next-task';

void nextTask()
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/start'));
