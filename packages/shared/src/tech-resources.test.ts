import { describe, expect, it } from 'vitest';
import {
  daySlots,
  isoToUsDate,
  saveTechResourcesInputSchema,
  slotsBetween,
  techResourceMessages,
  techResourcesQuerySchema,
  usDateToIso,
  visibleSlots,
} from './tech-resources.ts';

// Issue 19 part 9: the half-hour slots, the MM/DD/YYYY date, and which slots the grid shows (spec 2 §2, §7, §9).

describe('slots', () => {
  it('cuts the day into 48 half hours', () => {
    expect(daySlots).toHaveLength(48);
    expect(daySlots[0]).toBe('00:00');
    expect(daySlots[17]).toBe('08:30');
    expect(daySlots[47]).toBe('23:30');
  });

  it('gives the half hours a booking overlaps', () => {
    expect(slotsBetween('08:00', '10:00')).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(slotsBetween('08:15', '09:00')).toEqual(['08:00', '08:30']);
    expect(slotsBetween('13:00:00', '13:30:00')).toEqual(['13:00']);
    expect(slotsBetween('09:00', '09:00')).toEqual([]);
  });
});

describe('dates', () => {
  it('reads MM/DD/YYYY calendar days only', () => {
    expect(usDateToIso('02/29/2028')).toBe('2028-02-29');
    expect(usDateToIso('02/29/2027')).toBeNull();
    expect(usDateToIso('13/01/2027')).toBeNull();
    expect(usDateToIso('2027-01-13')).toBeNull();
    expect(usDateToIso('1/3/2027')).toBeNull();
    expect(isoToUsDate('2027-01-03')).toBe('01/03/2027');
  });

  it('answers the format message for a bad date', () => {
    const parsed = techResourcesQuerySchema.safeParse({ date: '2027-01-13' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(techResourceMessages.date);
  });
});

describe('saveTechResourcesInputSchema', () => {
  it('refuses a slot off the half hour and an unknown task', () => {
    const parsed = saveTechResourcesInputSchema.safeParse({
      date: '03/15/2032',
      user_id: 3,
      events: [
        { slot: '09:15', task: 'Frontline' },
        { slot: '10:00', task: 'Lunch' },
      ],
    });
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      'events.0.slot': techResourceMessages.slot,
      'events.1.task': techResourceMessages.task,
    });
  });

  it('refuses a slot twice and defaults the company to none', () => {
    const events = [
      { slot: '09:00', task: 'Frontline' },
      { slot: '09:00', task: 'Projects', company_id: 2 },
    ];
    const parsed = saveTechResourcesInputSchema.safeParse({ date: '03/15/2032', user_id: 3, events });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['events.1.slot', techResourceMessages.duplicateSlot],
    ]);
    const single = saveTechResourcesInputSchema.parse({ date: '03/15/2032', user_id: 3, events: [events[0]] });
    expect(single.events[0]).toEqual({ slot: '09:00', task: 'Frontline', company_id: null });
  });
});

describe('visibleSlots', () => {
  const now = { today: '2032-03-15', minutes: 10 * 60 + 10 };

  it('shows today from the current half hour on (after now minus 30 minutes)', () => {
    const slots = visibleSlots('2032-03-15', now, false);
    expect(slots[0]).toBe('10:00');
    expect(slots).not.toContain('09:30');
    expect(slots.at(-1)).toBe('23:30');
  });

  it('keeps a slot that starts exactly 29 minutes ago and drops one 30 minutes ago', () => {
    expect(visibleSlots('2032-03-15', { today: '2032-03-15', minutes: 9 * 60 + 59 }, false)[0]).toBe('09:30');
    expect(visibleSlots('2032-03-15', { today: '2032-03-15', minutes: 10 * 60 }, false)[0]).toBe('10:00');
  });

  it('shows every slot when expanded, and on any other day', () => {
    expect(visibleSlots('2032-03-15', now, true)).toHaveLength(48);
    expect(visibleSlots('2032-03-14', now, false)).toHaveLength(48);
    expect(visibleSlots('2032-03-16', now, false)).toHaveLength(48);
  });
});
