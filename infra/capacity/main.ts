/** `npm run capacity`: the capacity and cost model at 10,000, 100,000 and 1,000,000 daily listeners (docs/capacity.md). */
import { baseLoad, SCALES } from './load.js';
import { PARTITION_GOAL, capacityAt, type CapacityReport } from './model.js';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { maximumFractionDigits: n < 100 ? 2 : 0, minimumFractionDigits: n < 100 ? 2 : 0 })}`;

function print(r: CapacityReport) {
  const lines = [
    `\n## ${int(r.dailyListeners)} daily listeners`,
    `peak hour: ${int(r.peak.playsPerSecond)} plays/s, ${int(r.peak.apiRequestsPerSecond)} API requests/s`,
    '',
    'hottest DynamoDB partitions at peak (limit 1,000 WCU / 3,000 RCU each):',
    ...r.partitions
      .slice(0, 6)
      .map(
        (p) =>
          `  ${p.table.padEnd(9)} ${p.pk.padEnd(42)} ${int(p.wcu).padStart(6)} WCU ${int(p.rcu).padStart(6)} RCU  ${pct(p.share).padStart(7)}`,
      ),
    '',
    'tables at peak:',
    ...r.tables.map((t) => `  ${t.table.padEnd(9)} ${int(t.wcu).padStart(8)} WCU ${int(t.rcu).padStart(8)} RCU`),
    '',
    'SQS FIFO queues at peak (high throughput: 70,000 calls/s per action, 300 messages/s per group):',
    ...r.queues.map(
      (q) =>
        `  ${q.queue.padEnd(18)} ${int(q.messages).padStart(6)} msg/s ${int(q.callsPerAction).padStart(5)} calls/s per action, busiest group ${q.hottestGroup} msg/s`,
    ),
    '',
    `Lambda concurrency at peak: ${int(r.lambda.concurrency)} of 1,000 (${Object.entries(r.lambda.byFunction)
      .map(([f, c]) => `${f} ${c.toFixed(1)}`)
      .join(', ')})`,
    `API Gateway: ${int(r.api.requestsPerSecond)} requests/s of 10,000; route throttles: ${r.api.routes.map((t) => `${t.route} ${t.peak.toFixed(1)}/s of ${int(t.throttle)}`).join('; ')}`,
    '',
    'monthly cost at list prices:',
    ...r.cost.lines.map((l) => `  ${l.component.padEnd(46)} ${usd(l.monthly).padStart(12)}`),
    `  ${'total'.padEnd(46)} ${usd(r.cost.monthly).padStart(12)}`,
    `cost per million plays: ${usd(r.cost.perMillionPlays)}; biggest: ${r.cost.topPerMillionPlays.map((l) => `${l.component} ${usd(l.monthly)}`).join(', ')}`,
    `goal (no partition above ${pct(PARTITION_GOAL)}): ${r.goal.met ? 'met' : 'MISSED'}, hottest ${r.goal.hottest.pk} at ${pct(r.goal.hottest.share)}`,
  ];
  console.log(lines.join('\n'));
}

let missed = false;
for (const listeners of SCALES) {
  const report = await capacityAt(baseLoad(listeners));
  print(report);
  missed ||= !report.goal.met;
}
process.exitCode = missed ? 1 : 0;
