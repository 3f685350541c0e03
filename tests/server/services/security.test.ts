import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/services/passwords.ts';
import { createSecretBox } from '../../../server/services/secret-box.ts';
import { createTokenService } from '../../../server/services/tokens.ts';

describe('passwords', () => {
  it('hashes with scrypt and a salt, and verifies only the right password', async () => {
    const first = await hashPassword('bridge-deck-42');
    const second = await hashPassword('bridge-deck-42');
    expect(first).toMatch(/^scrypt\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('bridge-deck-42', first)).toBe(true);
    expect(await verifyPassword('bridge-deck-43', first)).toBe(false);
    expect(await verifyPassword('bridge-deck-42', 'garbage')).toBe(false);
  });
});

describe('secret box', () => {
  it('seals with a fresh nonce and opens only with the same key', () => {
    const box = createSecretBox('key-one');
    const sealed = box.seal('company-pass');
    expect(sealed).not.toContain('company-pass');
    expect(box.seal('company-pass')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('company-pass');
    expect(() => createSecretBox('key-two').open(sealed)).toThrow();
  });
});

describe('tokens', () => {
  const service = createTokenService({
    secret: 'x'.repeat(40),
    accessTtlSeconds: 900,
    refreshTtlSeconds: 3600,
  });

  it('verifies its own tokens of the right kind only', async () => {
    const access = await service.issue(7, 'access');
    expect(await service.verify(access, 'access')).toBe(7);
    expect(await service.verify(access, 'refresh')).toBeNull();
    expect(await service.verify(`${access}x`, 'access')).toBeNull();
  });

  it('refuses tokens signed with another secret or expired', async () => {
    const other = createTokenService({
      secret: 'y'.repeat(40),
      accessTtlSeconds: 900,
      refreshTtlSeconds: 3600,
    });
    expect(await service.verify(await other.issue(7, 'access'), 'access')).toBeNull();
    const shortLived = createTokenService({
      secret: 'x'.repeat(40),
      accessTtlSeconds: 1,
      refreshTtlSeconds: 1,
    });
    const token = await shortLived.issue(7, 'access');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await service.verify(token, 'access')).toBeNull();
  });
});
