// The end-to-end files in shards of about equal time: `npm test` runs two, side by side, each with its own
// gateway, database, chain and browser. Jest's own --shard splits by a hash of the path, which can put the two
// slowest files in one shard; this gives each file, slowest first, to the shard with the least time so far.
import TestSequencer from "@jest/test-sequencer";
import path from "node:path";

/** Seconds each file took in a full `npm test` on the 2-core machine; a file not listed counts as 30 until it is. */
const SECONDS = {
  accessibility: 132,
  screens: 115,
  managesale: 73,
  narrow: 60,
  saleInsight: 35,
  specGaps: 30,
  blocklist: 24,
  launchpad: 22,
  roles: 21,
  conflict: 17,
  live: 15,
  audit: 16,
  pools: 15,
  auth: 14,
  security: 13,
  sessions: 11,
  shell: 12,
  tokens: 9,
  saletoken: 5,
  safe: 70,
};
const seconds = (test) => SECONDS[path.basename(test.path, ".e2e.ts")] ?? 30;
const slowestFirst = (a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path);

const Base = TestSequencer.default ?? TestSequencer;

export default class BalancedShards extends Base {
  shard(tests, { shardIndex, shardCount }) {
    const load = Array(shardCount).fill(0);
    return [...tests].sort(slowestFirst).filter((test) => {
      const least = load.indexOf(Math.min(...load));
      load[least] += seconds(test);
      return least === shardIndex - 1;
    });
  }

  sort(tests) {
    return [...tests].sort(slowestFirst);
  }
}
