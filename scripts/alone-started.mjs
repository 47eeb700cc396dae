/**
 * A vitest reporter for scripts/test.mjs: once the first system-alone file starts (the busy first group has ended), it
 * writes the file TOKO_ALONE_STARTED names, so `npm test` starts the fault tests beside the files that run alone.
 */
import fs from 'node:fs';

export default class AloneStarted {
  told = false;

  onTestModuleStart(testModule) {
    const signal = process.env.TOKO_ALONE_STARTED;
    if (this.told || !signal || testModule.project.name !== 'system-alone') return;
    this.told = true;
    fs.writeFileSync(signal, `${new Date().toISOString()}\n`);
  }
}
