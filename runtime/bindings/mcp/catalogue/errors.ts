// The error a catalogue file that cannot be served stops the host with: the file, an RFC 6901
// JSON pointer into it and what is wrong there (load.ts and rules.ts throw it).

/** A catalogue file that cannot be served; `pointer` is an RFC 6901 JSON pointer into it. */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly detail: string,
  ) {
    super(`${file}: invalid MCP catalogue at ${pointer || '/'}: ${detail}`);
  }
}

/** Where an entry sits: its file and its JSON pointer. */
export interface Origin {
  file: string;
  pointer: string;
}

export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
