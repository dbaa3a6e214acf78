import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
export function createPasswordHasher(memoryCost: number) {
  const options = { memoryCost, timeCost: 2, parallelism: 1 };
  return {
    hash: (password: string) => hash(password, options),
    verify: async (passwordHash: string, password: string) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
