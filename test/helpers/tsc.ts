// Runs the project's TypeScript compiler (`tsc --noEmit`) on a throwaway tsconfig.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './spec-fixture.ts';

export function typecheck(dir: string, include: string[]): { status: number; output: string } {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      types: [],
    },
    include,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  const r = spawnSync(
    process.execPath,
    [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
    {
      encoding: 'utf8',
    },
  );
  return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}
