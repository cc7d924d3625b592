import { Badge, Tooltip } from '@mantine/core';
import { mailAuthLabel, type MailAuthVerdict } from '@switchboard/shared';

/** The SPF, DKIM and DMARC results in one line, e.g. "SPF pass, DKIM none, DMARC fail". */
export const mailAuthDetails = (verdict: MailAuthVerdict) =>
  `SPF ${verdict.spf}, DKIM ${verdict.dkim}, DMARC ${verdict.dmarc}`;

/**
 * How far a received message's sender was verified (decision 0028): green when the From domain is proven, orange
 * otherwise; the summary and the three results on hover.
 */
export function MailAuthBadge({ verdict }: { verdict: MailAuthVerdict }) {
  return (
    <Tooltip label={`${verdict.summary} (${mailAuthDetails(verdict)})`} multiline maw={360} withArrow>
      <Badge
        size="xs"
        variant="light"
        color={verdict.verified ? 'green' : 'orange'}
        data-mail-auth={verdict.verified ? 'verified' : 'unverified'}
        aria-label={`${mailAuthLabel(verdict)}: ${verdict.summary}`}
      >
        {mailAuthLabel(verdict)}
      </Badge>
    </Tooltip>
  );
}
