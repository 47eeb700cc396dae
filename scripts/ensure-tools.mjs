#!/usr/bin/env node
/**
 * node scripts/ensure-tools.mjs java|chromium|headless-shell …
 * Makes sure the system tools the project needs are present: `java` 17+ (DynamoDB Local), `chromium` (the bench's
 * Lighthouse and click-to-play runs) and `chromium-headless-shell` (the browser tests: Chromium's own headless build,
 * the one Playwright itself runs headless tests in; it renders the same pages with about half the CPU of the full
 * browser run headless, which on two cores is most of what the browser tests wait for). When one is missing: as root,
 * installs Debian's package (openjdk-17-jre-headless / chromium / chromium-headless-shell) with apt-get; otherwise
 * exits non-zero naming what to install.
 * A fast no-op when everything is there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const TOOLS = {
  java: {
    package: 'openjdk-17-jre-headless',
    what: 'Java 17 or newer (for DynamoDB Local)',
    check() {
      const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
      if (out.error || out.status !== 0) return { ok: false, detail: '`java` was not found' };
      const text = `${out.stderr}\n${out.stdout}`;
      const m = /version "(\d+)(?:\.(\d+))?/.exec(text);
      const major = m ? (m[1] === '1' ? Number(m[2]) : Number(m[1])) : NaN;
      if (!(major >= 17))
        return { ok: false, detail: `\`java\` is version ${Number.isNaN(major) ? 'unknown' : major}, 17 or newer is needed` };
      return { ok: true };
    },
  },
  chromium: {
    package: 'chromium',
    what: 'Chromium (for the browser tests)',
    check() {
      for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return { ok: true };
      const out = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
      return out.status === 0 && out.stdout.trim() ? { ok: true } : { ok: false, detail: '`chromium` was not found' };
    },
  },
  'headless-shell': {
    package: 'chromium-headless-shell',
    what: "Chromium's headless shell (for the browser tests)",
    check() {
      return fs.existsSync('/usr/bin/chromium-headless-shell')
        ? { ok: true }
        : { ok: false, detail: '`/usr/bin/chromium-headless-shell` was not found' };
    },
  },
};

const wanted = process.argv.slice(2);
if (wanted.length === 0 || wanted.some((t) => !(t in TOOLS))) {
  console.error(`usage: node scripts/ensure-tools.mjs ${Object.keys(TOOLS).join('|')} …`);
  process.exit(2);
}

const missing = [];
for (const name of wanted) {
  const result = TOOLS[name].check();
  if (!result.ok) missing.push({ name, ...TOOLS[name], detail: result.detail });
}
if (missing.length === 0) process.exit(0);

const packages = missing.map((m) => m.package);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;

if (!isRoot || !hasApt) {
  console.error('Missing system tools:');
  for (const m of missing) console.error(`  - ${m.what}: ${m.detail}`);
  console.error(
    hasApt
      ? `\nInstall them with:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`
      : `\nInstall them with your system's package manager (Debian/Ubuntu: apt-get install -y ${packages.join(' ')}).\n`,
  );
  process.exit(1);
}

console.log(`Installing ${packages.join(', ')} (missing: ${missing.map((m) => m.name).join(', ')})…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// Slim Debian images drop man directories, which the JRE's postinst expects.
fs.mkdirSync('/usr/share/man/man1', { recursive: true });
const run = (args) => {
  const out = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (out.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${out.status}).`);
    process.exit(1);
  }
};
run(['update']);
run(['install', '-y', '--no-install-recommends', ...packages]);

const still = missing.filter((m) => !TOOLS[m.name].check().ok);
if (still.length) {
  console.error(`Still missing after installing: ${still.map((m) => `${m.name} (${TOOLS[m.name].check().detail})`).join(', ')}`);
  process.exit(1);
}
console.log(`Installed ${packages.join(', ')}.`);
