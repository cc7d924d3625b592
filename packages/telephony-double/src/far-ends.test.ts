import { describe, expect, it } from 'vitest';
import { farEndScript } from './far-ends.ts';

describe('farEndScript', () => {
  it.each([
    ['+15125550100', 'person'],
    ['(512) 555-0149', 'person'],
    ['5125550150', 'hang-up'],
    ['5125550165', 'machine'],
    ['5125550170', 'no-answer'],
    ['5125550189', 'busy'],
    ['5125550199', 'not-found'],
  ] as const)('%s is %s', (number, script) => expect(farEndScript(number)).toBe(script));

  it('refuses any number outside 555-01XX', () => {
    expect(farEndScript('+15125551234')).toBeNull();
    expect(farEndScript('5125550200')).toBeNull();
    expect(farEndScript('')).toBeNull();
  });
});
