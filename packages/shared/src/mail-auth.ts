import { z } from 'zod';

/**
 * What the server found when it checked a received message's sender (decision 0028): the SPF, DKIM and DMARC results
 * as mailauth names them (pass, fail, softfail, neutral, none, temperror, permerror, policy), whether the From domain
 * is proven, and one short sentence for people.
 */
export const mailAuthVerdictSchema = z.object({
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
  /** DMARC pass, or (the domain publishing no DMARC policy) an SPF or DKIM pass aligned with the From domain. */
  verified: z.boolean(),
  summary: z.string(),
});
export type MailAuthVerdict = z.infer<typeof mailAuthVerdictSchema>;

/** The badge's words for a verdict. */
export const mailAuthLabel = (verdict: MailAuthVerdict): string =>
  verdict.verified ? 'Sender verified' : 'Sender not verified';
