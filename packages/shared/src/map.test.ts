import { describe, expect, it } from 'vitest';
import {
  drivingEstimate,
  formatMinutes,
  haversineMiles,
  nextMarkerSelection,
  straightLineEstimate,
  straightLineMph,
} from './map.ts';

// Issue 19 part 8: the travel estimate's units and fallback, and the two-marker selection rule (spec 2 §4 Map, §9).

const newYork = { lat: 40.748433, lng: -73.985656 };
const boston = { lat: 42.347097, lng: -71.082495 };

describe('travel estimates', () => {
  it('turns the routing answer (metres, seconds) into miles with one decimal and whole minutes', () => {
    expect(drivingEstimate(1609.344 * 215.26, 13_290)).toEqual({
      method: 'driving',
      distance_miles: 215.3,
      duration_minutes: 222,
    });
  });

  it('measures the straight line (haversine) and times it at the assumed speed', () => {
    const miles = haversineMiles(newYork, boston);
    expect(miles).toBeGreaterThan(185);
    expect(miles).toBeLessThan(190);
    expect(haversineMiles(newYork, newYork)).toBe(0);
    const estimate = straightLineEstimate(newYork, boston);
    expect(estimate.method).toBe('straight_line');
    expect(estimate.distance_miles).toBe(Math.round(miles * 10) / 10);
    expect(estimate.duration_minutes).toBe(Math.round((miles / straightLineMph) * 60));
  });

  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(1)).toBe('1 min');
    expect(formatMinutes(45)).toBe('45 mins');
    expect(formatMinutes(60)).toBe('1 hr');
    expect(formatMinutes(125)).toBe('2 hrs 5 mins');
  });
});

describe('nextMarkerSelection', () => {
  it('keeps two markers and starts again from the latest on a third', () => {
    expect(nextMarkerSelection([], 4)).toEqual([4]);
    expect(nextMarkerSelection([4], 9)).toEqual([4, 9]);
    expect(nextMarkerSelection([4, 9], 7)).toEqual([7]);
  });

  it('ignores choosing a chosen marker again', () => {
    expect(nextMarkerSelection([4], 4)).toEqual([4]);
    expect(nextMarkerSelection([4, 9], 9)).toEqual([4, 9]);
  });
});
