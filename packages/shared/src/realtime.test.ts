import { describe, expect, it } from 'vitest';
import {
  isPresenceChannel,
  parseChannel,
  projectChannel,
  ptoPeriodsChannel,
  storeChannel,
  ticketChannel,
  userChannel,
} from './realtime.ts';

describe('channel names', () => {
  it('builds the spec’s names', () => {
    expect(userChannel(5)).toBe('user.5');
    expect(storeChannel).toBe('store');
    expect(ticketChannel(12)).toBe('ticket_12');
    expect(projectChannel(3)).toBe('project_3');
    expect(ptoPeriodsChannel(7)).toBe('Pto_Periods_7');
  });

  it('parses every kind back, and nothing else', () => {
    expect(parseChannel('user.5')).toEqual({ kind: 'user', id: 5 });
    expect(parseChannel('store')).toEqual({ kind: 'store', id: null });
    expect(parseChannel('ticket_12')).toEqual({ kind: 'ticket', id: 12 });
    expect(parseChannel('project_3')).toEqual({ kind: 'project', id: 3 });
    expect(parseChannel('Pto_Periods_7')).toEqual({ kind: 'pto', id: 7 });
    for (const bad of [
      'user.0',
      'user.05',
      'user.-1',
      'user.5 ',
      'Store',
      'ticket_',
      'ticket_abc',
      'pto_periods_7',
      'session:1',
      'user.99999999999',
      'user.2147483648',
      42,
      null,
    ]) {
      expect(parseChannel(bad), String(bad)).toBeNull();
    }
    expect(parseChannel('user.2147483647')).toEqual({ kind: 'user', id: 2147483647 });
  });

  it('treats only ticket, project and hiring board channels as presence channels', () => {
    expect(isPresenceChannel('ticket_1')).toBe(true);
    expect(isPresenceChannel('project_1')).toBe(true);
    expect(isPresenceChannel('hr_job_1')).toBe(true);
    expect(isPresenceChannel('hr_calendar')).toBe(false);
    expect(parseChannel('hr_anon')).toEqual({ kind: 'hrAnon', id: null });
    expect(isPresenceChannel('user.1')).toBe(false);
    expect(isPresenceChannel('store')).toBe(false);
    expect(isPresenceChannel('Pto_Periods_1')).toBe(false);
  });
});
