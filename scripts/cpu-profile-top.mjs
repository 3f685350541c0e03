#!/usr/bin/env node
// The functions a test file's CPU went to, from a profile tests/helpers/cpu-profile.ts wrote:
// seconds spent in each function itself, and in it with all it called (a function counted once
// per sample however deep it recurses). Under load the seconds are inflated alike: compare shares.
//
//   node scripts/cpu-profile-top.mjs PROFILE.cpuprofile [ROWS]
import { readFileSync } from 'node:fs';

const [file, rowsArgument] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/cpu-profile-top.mjs PROFILE.cpuprofile [ROWS]');
  process.exit(2);
}
const rows = Number(rowsArgument ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);
const samplesOf = new Map();
for (const id of profile.samples) samplesOf.set(id, (samplesOf.get(id) ?? 0) + 1);
const secondsPerSample = (profile.endTime - profile.startTime) / 1e6 / profile.samples.length;

const root = `${process.cwd()}/`;
const nameOf = ({ callFrame }) => {
  const where = callFrame.url.replace(/^file:\/\//, '').replace(root, '');
  return `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
};
const own = new Map();
const inclusive = new Map();
for (const [id, count] of samplesOf) {
  const name = nameOf(nodes.get(id));
  own.set(name, (own.get(name) ?? 0) + count);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const caller = nameOf(nodes.get(at));
    if (seen.has(caller)) continue;
    seen.add(caller);
    inclusive.set(caller, (inclusive.get(caller) ?? 0) + count);
  }
}
const table = (counts) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, count]) => `${(count * secondsPerSample).toFixed(1).padStart(8)} s  ${name}`)
    .join('\n');
console.log(`${(profile.samples.length * secondsPerSample).toFixed(1)} s profiled (idle included)`);
console.log(`\nself:\n${table(own)}\n\nwith callees:\n${table(inclusive)}`);
