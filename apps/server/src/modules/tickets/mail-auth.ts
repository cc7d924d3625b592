import { promises as dns } from 'node:dns';
import type { MailAuthVerdict } from '@switchboard/shared';
import type { authenticate, DNSResolver } from 'mailauth';

// SPF, DKIM and DMARC of a received message (decision 0028), checked with mailauth. The verdict is evidence shown
// beside the message; only `verified` decides anything (a ticket number joins a thread only from a verified contact).

/** Who handed the message over, as the SMTP session saw it. */
export interface SmtpEnvelope {
  /** The connecting server's IP address. */
  remoteAddress: string;
  /** The name it gave in EHLO/HELO. */
  helo: string;
  /** The MAIL FROM address ('' for a bounce). */
  mailFrom: string;
  /** The RCPT TO addresses. */
  recipients: string[];
}

export interface MailAuthOptions {
  /** Answers DNS questions; tests give one that knows their records. Default: the system's, with a timeout. */
  resolver?: DNSResolver;
  /** Relays whose own Received header names the real sending server (INBOUND_SMTP_RELAYS). */
  relays?: string[];
  /** The whole check gives up after this long and counts as a DNS failure. */
  timeoutMs?: number;
}

// Each DNS question waits at most 2 s and is asked twice: unreachable DNS must not hold the SMTP session.
const systemResolver = new dns.Resolver({ timeout: 2000, tries: 2 });
const defaultResolver: DNSResolver = (name, type) =>
  systemResolver.resolve(name, type) as Promise<string[][] | string[]>;

const plainIp = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** Relaxed alignment without a public-suffix list: the same domain, or one a subdomain of the other. */
function aligned(fromDomain: string, domain: string | undefined): boolean {
  if (!domain || !fromDomain || !domain.includes('.')) return false;
  const a = domain.toLowerCase();
  return a === fromDomain || fromDomain.endsWith(`.${a}`) || a.endsWith(`.${fromDomain}`);
}

/** A verdict for mail that could not be checked at all (DNS down, a timeout): never verified. */
export const uncheckedVerdict = (summary: string): MailAuthVerdict => ({
  spf: 'temperror',
  dkim: 'temperror',
  dmarc: 'temperror',
  verified: false,
  summary,
});

/** Checks SPF (for the connecting server), DKIM (every signature) and DMARC (the From domain's policy). */
export async function authenticateMail(
  raw: Buffer,
  envelope: SmtpEnvelope,
  options: MailAuthOptions = {},
): Promise<MailAuthVerdict> {
  const resolver = options.resolver ?? defaultResolver;
  const viaRelay = (options.relays ?? []).includes(plainIp(envelope.remoteAddress));
  // Loaded on first use: mailauth is the heaviest package of the app's start (and of every server test file's import).
  const mailauth = await import('mailauth');
  const check = mailauth.authenticate(raw, {
    resolver,
    sender: envelope.mailFrom,
    // Behind a trusted relay the relay's Received header names the server that really sent the message.
    ...(viaRelay ? { trustReceived: true } : { ip: plainIp(envelope.remoteAddress), helo: envelope.helo }),
    disableArc: true,
    disableBimi: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.timeoutMs ?? 15_000);
  });
  try {
    const result = await Promise.race([check, timeout]);
    if (!result) return uncheckedVerdict('Not verified: the DNS checks timed out');
    return verdictOf(result);
  } catch {
    return uncheckedVerdict('Not verified: the checks failed');
  } finally {
    clearTimeout(timer);
  }
}

type AuthResult = Awaited<ReturnType<typeof authenticate>>;

/** Sums up mailauth's answer: DMARC pass verifies; without a DMARC policy an aligned SPF or DKIM pass does. */
function verdictOf(result: AuthResult): MailAuthVerdict {
  const signatures = result.dkim.results ?? [];
  const passing = signatures.filter((signature) => signature.status.result === 'pass');
  const dkim = passing.length ? 'pass' : (signatures[0]?.status.result ?? 'none');
  const spf = result.spf ? result.spf.status.result : 'none';
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  const fromList = result.dkim.headerFrom ?? [];
  if (fromList.length !== 1) {
    const summary = 'Not verified: the message needs exactly one From address';
    return { spf, dkim, dmarc: result.dmarc ? dmarc : 'permerror', verified: false, summary };
  }
  const fromDomain = domainOf(fromList[0]!);

  if (dmarc === 'pass') return { spf, dkim, dmarc, verified: true, summary: `DMARC pass for ${fromDomain}` };
  if (dmarc === 'none') {
    const dkimAligned = passing.some((signature) => aligned(fromDomain, signature.signingDomain));
    const spfAligned = spf === 'pass' && aligned(fromDomain, result.spf ? result.spf.domain : undefined);
    if (dkimAligned || spfAligned) {
      const summary = `${dkimAligned ? 'DKIM' : 'SPF'} pass for ${fromDomain} (no DMARC policy)`;
      return { spf, dkim, dmarc, verified: true, summary };
    }
    const dnsFailed = [spf, dkim].some((value) => value === 'temperror');
    const summary = dnsFailed
      ? 'Not verified: a DNS lookup failed'
      : `Not verified: no SPF or DKIM pass for ${fromDomain}`;
    return { spf, dkim, dmarc, verified: false, summary };
  }
  if (dmarc === 'temperror') return { spf, dkim, dmarc, verified: false, summary: 'Not verified: a DNS lookup failed' };
  return { spf, dkim, dmarc, verified: false, summary: `Not verified: DMARC ${dmarc} for ${fromDomain}` };
}
