/**
 * A vitest reporter for scripts/test.mjs: it writes the file TOKO_FAULTS_MAY_START names once the busy first group
 * (unit, infra, system) is winding down, so `npm test` starts the fault tests then, in a vitest of their own. That is
 * when every file of the group has started and one has ended since: from then on fewer files than the group's three
 * run at once, then the system-alone files one at a time, and the fault clouds have the cores they need (beside the
 * full group their queues ran out of receives). A run with no first-group file (`--project system-alone`) tells at once.
 */
import fs from 'node:fs';

const FIRST_GROUP = new Set(['unit', 'infra', 'system']);

export default class FaultsMayStart {
  total = 0;
  started = 0;
  told = false;

  onTestRunStart(specifications) {
    this.total = specifications.filter((specification) => FIRST_GROUP.has(specification.project.name)).length;
    if (this.total === 0) this.tell();
  }

  onTestModuleStart(testModule) {
    if (FIRST_GROUP.has(testModule.project.name)) this.started++;
    // The first group has ended without this reporter seeing its last module end (it had none to run, say).
    if (!FIRST_GROUP.has(testModule.project.name)) this.tell();
  }

  onTestModuleEnd(testModule) {
    if (FIRST_GROUP.has(testModule.project.name) && this.started >= this.total) this.tell();
  }

  tell() {
    const signal = process.env.TOKO_FAULTS_MAY_START;
    if (this.told || !signal) return;
    this.told = true;
    fs.writeFileSync(signal, `${new Date().toISOString()}\n`);
  }
}
