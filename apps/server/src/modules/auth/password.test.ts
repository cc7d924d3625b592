// The app's own hashes use production cost; test fixtures (test/helpers.ts createUser) use a cheaper one, so this
// file is what proves the parameters every stored password really gets.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane", async () => {
    const stored = await hashPassword('Correct-horse-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(stored).not.toContain('Correct-horse-1');
  });

  it('salts every hash, and verifies the right password only', async () => {
    const first = await hashPassword('Correct-horse-1');
    const second = await hashPassword('Correct-horse-1');
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(first, 'correct-horse-1')).toBe(false);
  });

  it('treats a malformed stored hash as a wrong password, and an unknown account as one too', async () => {
    expect(await verifyPassword('not-a-hash', 'Correct-horse-1')).toBe(false);
    expect(await verifyDummyPassword('Correct-horse-1')).toBe(false);
  });
});
