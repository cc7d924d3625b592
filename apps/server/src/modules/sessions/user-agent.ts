export interface ParsedUserAgent {
  /** Name and major version, e.g. 'Chrome 126'; 'Unknown' when not recognised. */
  browser: string;
  /** Windows, macOS, Linux, Android, iOS, ChromeOS or 'Unknown'. */
  os: string;
}

// Order matters: Edge and Opera also say Chrome and Safari, Chrome also says Safari, so the specific ones come first.
const browsers: { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|OPiOS|OPT)\/(\d+)|\bOpera[/ ](?:.*Version\/)?(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS|Chromium)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)(?:[\d.]*)? (?:Mobile\/\S+ )?Safari\// },
];

// iOS and Android before macOS and Linux: an iPhone says "like Mac OS X", Android says Linux.
const systems: { name: string; pattern: RegExp }[] = [
  { name: 'iOS', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'macOS', pattern: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Linux', pattern: /\bLinux\b|\bX11\b/ },
];

/** Browser and operating system of a session's User-Agent header (spec 1 §3.7). */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const text = userAgent ?? '';
  let browser = 'Unknown';
  for (const { name, pattern } of browsers) {
    const match = pattern.exec(text);
    if (match) {
      const version = match.slice(1).find((group) => group !== undefined);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  const os = systems.find(({ pattern }) => pattern.test(text))?.name ?? 'Unknown';
  return { browser, os };
}
