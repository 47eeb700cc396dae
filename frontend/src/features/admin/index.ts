/** The admin panel: the only way into it from outside this folder. */
export { AdminArea } from './components/admin-area';
