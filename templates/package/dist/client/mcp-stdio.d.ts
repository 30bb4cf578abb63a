import { type ClientLimits } from './support.js';
import type { McpTransport } from './mcp-core.js';
/** The child process the transport drives: structurally Node's `ChildProcess` with piped stdio. */
export interface StdioChild {
    stdin: {
        write(chunk: string): unknown;
        end(): unknown;
    };
    stdout: {
        setEncoding(encoding: 'utf8'): unknown;
        on(event: 'data', listener: (chunk: string) => void): unknown;
    };
    stderr: {
        resume(): unknown;
    };
    on(event: 'exit', listener: () => void): unknown;
    on(event: 'error', listener: (err: Error) => void): unknown;
    once(event: 'exit', listener: () => void): unknown;
    kill(signal?: 'SIGKILL'): unknown;
}
/** Starts a process with piped stdio: Node's `child_process.spawn` fits it. */
export type StdioSpawn = (command: string, args: string[], options: {
    stdio: ['pipe', 'pipe', 'pipe'];
    env?: Record<string, string>;
    cwd?: string;
}) => StdioChild;
export interface McpStdioOptions {
    /** How to start the server (`spawn` from `node:child_process`). */
    spawn: StdioSpawn;
    command: string;
    args?: readonly string[];
    env?: Record<string, string>;
    cwd?: string;
    limits?: Partial<ClientLimits>;
}
export declare function mcpStdioTransport(options: McpStdioOptions): McpTransport;
