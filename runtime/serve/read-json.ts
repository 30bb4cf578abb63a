// Reading one JSON file an operator wrote, with errors that name it.
import { readFileSync } from 'node:fs';

/** The parsed file; undefined when `optional` and it does not exist. Errors start with the path. */
export function readJsonFile(path: string, optional = false): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (optional && code === 'ENOENT') return undefined;
    throw new Error(`${path}: cannot be read (${code})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`${path}: not valid JSON: ${(err as Error).message}`);
  }
}
