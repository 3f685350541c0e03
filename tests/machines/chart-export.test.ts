import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { allMachines } from '../../machines/all-machines';
import { chartJson } from '../../machines/chart-json';

describe('the charts exported for the Stately editor (npm run machines:export)', () => {
  it.each(Object.entries(allMachines))('machines/json/%s.json is up to date', (name, machine) => {
    const committed = readFileSync(`machines/json/${name}.json`, 'utf8');
    expect(committed, 'stale: run npm run machines:export').toBe(chartJson(machine));
  });

  it('keeps states, events, targets and the names of guards and actions', () => {
    const chart = JSON.parse(readFileSync('machines/json/datastream-dialog.json', 'utf8'));
    expect(Object.keys(chart.states)).toEqual([
      'create',
      'creating',
      'assign',
      'assigning',
      'done',
      'cancelled',
    ]);
    expect(chart.states.create.on['mode.changed']).toEqual({
      guard: 'choseAssign',
      target: 'assign',
      actions: 'clearMessages',
    });
    expect(chart.states.creating.invoke.src).toBe('createDatastream');
  });

  it('refuses an inline guard, which the chart would silently lose', () => {
    const inline = createMachine({
      initial: 'a',
      states: { a: { on: { go: { guard: () => true, target: 'b' } } }, b: {} },
    });
    expect(() => chartJson(inline)).toThrow('name it in setup()');
  });
});
