import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** better-auth's minPasswordLength / maxPasswordLength: outside them it answers its own length errors. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/**
 * zxcvbn's score, 0–4. 3 ("safely unguessable": about 10^8 guesses or more) is zxcvbn's own advice for
 * accepting a password; below it are the common passwords (`password1`, `qwerty123`), keyboard walks,
 * dates and a dictionary word with a digit.
 */
export const MIN_PASSWORD_SCORE = 3;

export { WEAK_PASSWORD } from '@strata/contracts/auth-passwords';

/**
 * Characters zxcvbn looks at (its default is 256). Its matching grows steeply with length and runs on the event
 * loop: a 128-character password took ~470 ms here, its first 64 ~100 ms, as long as hashing it (docs/identity.md).
 * What comes after 64 characters only adds strength, so a prefix that is guessable is a guessable password.
 */
const SCORED_LENGTH = 64;

// Built once: loading the frequency lists is the costly part (~80 ms); a usual password is then a few ms.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: SCORED_LENGTH });

/**
 * True when `password` is too easy to guess. `userInputs` (e-mail, name) count as words a guesser knows:
 * a password made of them scores lower. Hand-rolled rules (a digit, a capital) are what zxcvbn replaces.
 */
export function isPasswordTooWeak(password: string, userInputs: readonly string[] = []): boolean {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_+-]+/)]).filter(Boolean);
  return zxcvbn.check(password, inputs).score < MIN_PASSWORD_SCORE;
}
