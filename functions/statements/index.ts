/** Statements' public face: the ledger's facts, which the dashboard's rollups count. */
export { ledgerEvents, ledgerFacts, type LedgerFact } from './domain/facts.js';
