// Runs a README's shell lines as printed (bash -e: the first failing line ends them) when they end
// in a server that keeps running: resolves once the output matches `ready`, with the match, all
// output so far and a stop function that ends the whole process group.
import { spawn } from 'node:child_process';

export interface Started {
  match: RegExpExecArray;
  output: string;
  stop: () => void;
}

export function startScript(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Started> {
  const child = spawn('bash', ['-e', '-c', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ match, output, stop });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) =>
      reject(new Error(`exited (${code}) before it was ready:\n${output}`)),
    );
  });
}
