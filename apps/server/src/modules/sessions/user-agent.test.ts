import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const cases: [string, string, string, string][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome 126',
    'Windows',
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
    'Edge 125',
    'Windows',
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Firefox 127',
    'Linux',
  ],
  [
    'Firefox on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Firefox 127',
    'macOS',
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Safari 17',
    'macOS',
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari 17',
    'iOS',
  ],
  [
    'Chrome on iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    'Chrome 126',
    'iOS',
  ],
  [
    'Chrome on Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    'Chrome 126',
    'Android',
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    'Opera 110',
    'Windows',
  ],
  [
    'old Opera (real version in Version/)',
    'Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.16',
    'Opera 12',
    'Windows',
  ],
  [
    'Firefox on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    'Firefox 127',
    'iOS',
  ],
  ['curl', 'curl/8.5.0', 'Unknown', 'Unknown'],
  ['the test injector', 'lightMyRequest', 'Unknown', 'Unknown'],
];

describe('parseUserAgent', () => {
  it.each(cases)('%s', (_label, userAgent, browser, os) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, os });
  });

  it('answers Unknown for a missing header', () => {
    expect(parseUserAgent(null)).toEqual({ browser: 'Unknown', os: 'Unknown' });
    expect(parseUserAgent('')).toEqual({ browser: 'Unknown', os: 'Unknown' });
  });
});
