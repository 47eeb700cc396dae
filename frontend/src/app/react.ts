/**
 * React, evaluated by main.tsx in a task of its own once the page is painted: the pre-rendered page (or index.html's
 * static shell) is on screen before the longest start-up task runs.
 */
import 'react';
import 'react-dom/client';
