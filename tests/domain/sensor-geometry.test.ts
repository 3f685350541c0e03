import { describe, expect, it } from 'vitest';
import {
  type SensorPosition,
  isSensorDirection,
  sensorPositionText,
} from '../../domain/sensor-geometry';

const NONE: SensorPosition = { chainageM: null, transverseOffsetM: null, direction: null };

describe('a sensor position in words', () => {
  it.each<[Partial<SensorPosition>, string]>([
    [{}, ''],
    [{ chainageM: 42, direction: 'vertical' }, 'ch. 42.0 m · vertical'],
    [{ chainageM: 0, transverseOffsetM: 0 }, 'ch. 0.0 m · offset 0.0 m'],
    [{ transverseOffsetM: -3.25, direction: 'transverse' }, 'offset -3.3 m · transverse'],
    [
      { chainageM: 1234.56, transverseOffsetM: 1.5, direction: 'longitudinal' },
      'ch. 1234.6 m · offset 1.5 m · longitudinal',
    ],
  ])('%o reads %j', (position, text) => {
    expect(sensorPositionText({ ...NONE, ...position })).toBe(text);
  });

  it.each([
    ['vertical', true],
    ['longitudinal', true],
    ['Vertical', false],
    ['', false],
  ])('%j is a direction: %s', (text, expected) => {
    expect(isSensorDirection(text)).toBe(expected);
  });
});
