import { describe, expect, it } from 'vitest';
import { pickBenches, UnknownBench } from '../../bench/pick.ts';

const all = [{ name: 'bundle' }, { name: 'live paint' }, { name: 'live fan-out' }];

describe('npm run bench -- NAME', () => {
  it('runs every bench without a name', () => {
    expect(pickBenches(all, [])).toEqual(all);
  });

  it('runs the named benches, in the order given, whatever their case', () => {
    expect(pickBenches(all, ['Live Fan-Out', 'bundle']).map((b) => b.name)).toEqual(['live fan-out', 'bundle']);
  });

  it('refuses a name that is no bench, listing the names there are', () => {
    expect(() => pickBenches(all, ['live'])).toThrow(UnknownBench);
    expect(() => pickBenches(all, ['live'])).toThrow(
      'No bench is named "live". Benches: bundle, live paint, live fan-out',
    );
  });
});
