// An input digest a generated body carries itself (package.json's `wopgen.inputDigest`,
// contract.ts's `inputDigest`) stands in as a same-length placeholder while the body is formatted
// and compiled, and is put back after: every edit changes the digest, and so, without the mask,
// every such file would be formatted and compiled again on a one-row change.

/** Same length, same characters as a digest: prettier lays a string out by its length alone. */
export const DIGEST_PLACEHOLDER = '0'.repeat(64);

/** `text` with its one `digest` replaced by the placeholder, or null when that is ambiguous. */
export function maskDigest(text: string, digest: string | undefined): string | null {
  if (!digest || !/^[0-9a-f]{64}$/.test(digest) || digest === DIGEST_PLACEHOLDER) return null;
  const parts = text.split(digest);
  if (parts.length !== 2 || text.includes(DIGEST_PLACEHOLDER)) return null;
  return parts.join(DIGEST_PLACEHOLDER);
}

/** A masked text's output with the digest put back (null when the placeholder is not there once). */
export function unmaskDigest(text: string, digest: string): string | null {
  const parts = text.split(DIGEST_PLACEHOLDER);
  return parts.length === 2 ? parts.join(digest) : null;
}
