import { defineProject } from 'vitest/config';

// The local Telnyx double: signalling, REST, signed webhooks and werift media legs, tested on loopback ports.
export default defineProject({
  test: { name: 'telephony-double', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
