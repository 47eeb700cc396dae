/**
 * The libraries the app is built on (the router, the data layer), evaluated by main.tsx in a task of their own before
 * the app's code: one long start-up task becomes shorter ones the browser can answer input between.
 */
import 'react-router';
import '@tanstack/react-query';
