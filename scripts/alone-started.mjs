/**
 * A vitest reporter for scripts/test.mjs: once the busy first group's last file has started (the workers then finish
 * the files they hold, and the system-alone files follow), or the first system-alone file starts if that comes first,
 * it writes the file TOKO_ALONE_STARTED names, so `npm test` starts the fault tests: their clouds start while the
 * first group's last files end, and the longest of them (a cloud killed under load) no longer runs on alone at the end.
 */
import fs from 'node:fs';

const LATER_GROUPS = new Set(['system-alone', 'faults']);

export default class AloneStarted {
  told = false;
  firstGroup = 0;
  started = 0;

  onTestRunStart(specifications) {
    this.firstGroup = specifications.filter((specification) => !LATER_GROUPS.has(specification.project.name)).length;
  }

  onTestModuleStart(testModule) {
    if (!LATER_GROUPS.has(testModule.project.name)) this.started++;
    if (testModule.project.name === 'system-alone' || this.started >= this.firstGroup) this.tell();
  }

  tell() {
    const signal = process.env.TOKO_ALONE_STARTED;
    if (this.told || !signal) return;
    this.told = true;
    fs.writeFileSync(signal, `${new Date().toISOString()}\n`);
  }
}
