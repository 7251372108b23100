/**
 * Password hashes: argon2id at 19 MiB and 2 passes (OWASP's first recommended setting; about
 * 200 ms a hash on a 2-core machine). The parameters travel inside each hash, so a hash made
 * with other parameters still verifies.
 */
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a `const enum`, which isolated modules cannot import). */
const argon2id = 2;

export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

export const standardCost: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

export interface Passwords {
  hash(password: string): Promise<string>;
  /** Whether the password matches; with no hash (an unknown name) it still spends the time of a check. */
  verify(hashed: string | null, password: string): Promise<boolean>;
}

export function passwords(cost: PasswordCost = standardCost): Passwords {
  const options = { algorithm: argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  // Checked against when the name is unknown, so that the answer takes as long either way.
  const decoy = hash('formsign-decoy-password', options);
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      if (!hashed) {
        await verify(await decoy, password).catch(() => false);
        return false;
      }
      return verify(hashed, password).catch(() => false);
    },
  };
}
