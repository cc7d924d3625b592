import { z } from 'zod';

// Tech Resources (spec 2 §2 Tech Resources, §3 Tech resource, §6, §7, §9; decision 0051): a half-hour slot grid per
// technician for a day. A technician's own events (Projects or Frontline, with the company) are kept here; the slots
// reserved on projects (Schedule Project Date, spec 3) are read from the projects and shown as Projects events.

/** Spec 2 §9: tech slots are 30 minutes. */
export const techSlotMinutes = 30;

/** Spec 2 §2: the task options. */
export const techTasks = ['Projects', 'Frontline'] as const;
export type TechTask = (typeof techTasks)[number];

export const techResourceMessages = {
  date: 'The date does not match the format MM/DD/YYYY.',
  slot: 'The slot must be a half hour of the day (HH:00 or HH:30).',
  task: 'Choose Projects or Frontline.',
  duplicateSlot: 'Each slot can hold one event.',
  technician: 'Choose an active technician.',
  company: 'The selected company does not exist.',
  projectSlot: 'This slot is reserved on a project.',
  saved: 'Tech resources saved.',
} as const;

/** Every slot of a day, 'HH:MM' from 00:00 to 23:30. */
export const daySlots: readonly string[] = Array.from({ length: (24 * 60) / techSlotMinutes }, (_, index) =>
  minutesToSlot(index * techSlotMinutes),
);

function minutesToSlot(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'HH:MM' (or 'HH:MM:SS') to minutes since midnight. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** The slots a booking from `start` to `end` ('HH:MM') covers: every half hour it overlaps. */
export function slotsBetween(start: string, end: string): string[] {
  const from = timeToMinutes(start);
  const to = timeToMinutes(end);
  return daySlots.filter((slot) => {
    const slotStart = timeToMinutes(slot);
    return slotStart < to && slotStart + techSlotMinutes > from;
  });
}

/** MM/DD/YYYY (spec 2 §7) to the ISO day, or null when it is no calendar day. */
export function usDateToIso(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [, month, day, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return Number(year) >= 1900 && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The ISO day 'YYYY-MM-DD' as MM/DD/YYYY. */
export function isoToUsDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

export const techResourceDateSchema = z
  .string({ error: techResourceMessages.date })
  .refine((text) => usDateToIso(text) !== null, techResourceMessages.date);

/** GET /api/tech/resources?date=MM/DD/YYYY. */
export const techResourcesQuerySchema = z.object({ date: techResourceDateSchema });

const slotSchema = z
  .string({ error: techResourceMessages.slot })
  .refine((text) => daySlots.includes(text), techResourceMessages.slot);

export const techEventInputSchema = z.object({
  slot: slotSchema,
  task: z.enum(techTasks, { error: techResourceMessages.task }),
  company_id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
});
export type TechEventInput = z.infer<typeof techEventInputSchema>;

/** PUT /api/tech/resources: one technician's events of one day, replacing what the day held (decision 0051). */
export const saveTechResourcesInputSchema = z
  .object({
    date: techResourceDateSchema,
    user_id: z.number({ error: techResourceMessages.technician }).int().positive().max(2_147_483_647),
    events: z.array(techEventInputSchema).max(daySlots.length),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.events.forEach((event, index) => {
      if (seen.has(event.slot))
        context.addIssue({
          code: 'custom',
          path: ['events', index, 'slot'],
          message: techResourceMessages.duplicateSlot,
        });
      seen.add(event.slot);
    });
  });
export type SaveTechResourcesInput = z.input<typeof saveTechResourcesInputSchema>;

/** One event of a slot: a technician's own (id set, project null) or a project's reserved slot (id null). */
export const techEventSchema = z.object({
  id: z.number().int().nullable(),
  slot: z.string(),
  task: z.enum(techTasks),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type TechEvent = z.infer<typeof techEventSchema>;

/** Spec 2 §3 Tech resource: user_id, user name, tech_events (slot, company). */
export const techResourceSchema = z.object({
  user_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  tech_events: z.array(techEventSchema),
});
export type TechResource = z.infer<typeof techResourceSchema>;
export const techResourcesResponseSchema = z.object({ data: z.array(techResourceSchema) });
export const saveTechResourcesResponseSchema = z.object({ message: z.string(), data: techResourceSchema });

/**
 * Spec 2 §2: the slots the grid shows. On today only those starting after now minus 30 minutes (the current half hour
 * and later), unless expanded; another day shows all of its slots.
 */
export function visibleSlots(day: string, now: { today: string; minutes: number }, expanded: boolean): string[] {
  if (expanded || day !== now.today) return [...daySlots];
  return daySlots.filter((slot) => timeToMinutes(slot) > now.minutes - techSlotMinutes);
}
