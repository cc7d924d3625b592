// Scripted far ends of the local double (CRM design §3.4): numbers in the fictional 555-01XX range, by the last two
// digits. Any other number fails, so the demo can never pretend to call a real person.
export type FarEndScript = 'person' | 'hang-up' | 'machine' | 'no-answer' | 'busy' | 'not-found';

/** The script for a number given in any form (+1 512 555 0123, 5125550123, 555-0123...), or null when not 555-01XX. */
export function farEndScript(number: string): FarEndScript | null {
  const digits = number.replace(/\D/g, '');
  const match = /555(01)(\d\d)$/.exec(digits);
  if (!match) return null;
  const lastTwo = Number(match[2]);
  if (lastTwo < 50) return 'person';
  if (lastTwo < 60) return 'hang-up';
  if (lastTwo < 70) return 'machine';
  if (lastTwo < 80) return 'no-answer';
  if (lastTwo < 90) return 'busy';
  return 'not-found';
}
