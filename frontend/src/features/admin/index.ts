/** The admin panel: the only way into it from outside this folder. */
export { AdminArea, AdminsOnly } from './components/admin-area';
export { SyncManager } from './ops/sync-manager';
export { StepUpDialog } from './components/step-up-dialog';
