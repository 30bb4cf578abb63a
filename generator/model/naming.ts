// Name derivation shared by the IR builders; every generated identifier comes through here.

export function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function pascal(s: string): string {
  return words(s)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

export function lowerCamel(s: string): string {
  const p = pascal(s);
  return p ? p[0]!.toLowerCase() + p.slice(1) : p;
}

/** `TaskNotFoundError` → `TASK_NOT_FOUND` (DESIGN.md §4: the ErrorInfo reason). */
export function errorReason(name: string): string {
  return words(name.replace(/Error$/, ''))
    .map((w) => w.toUpperCase())
    .join('_');
}
