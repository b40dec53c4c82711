/**
 * Password rules for console users. bcrypt only reads the first 72 bytes of its input, so a
 * longer password would silently match any other with the same 72-byte prefix: refuse it.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_BYTES = 72;

/** Why a new password is not acceptable, or null when it is. */
export function passwordProblem(password: string, email?: string | null): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES)
    return `Use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters).`;
  if (!password.trim()) return 'The password cannot be only spaces.';
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'The password cannot be your email address.';
  if (new Set(password).size < 4) return 'Use more than three different characters.';
  return null;
}
