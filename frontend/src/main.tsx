/**
 * The entry: React first, then the app (app/start.tsx) in a task of its own. Evaluating all of the app's code in one
 * task held the main thread for as long as both together take; index.html preloads the app's chunk, so it is
 * downloaded alongside this one and nothing waits on the network.
 */
import 'react';
import 'react-dom/client';
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/start'));
