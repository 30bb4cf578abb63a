// The stdio transport of the MCP client: the server is a child process that reads JSON-RPC
// messages, one per line, on its stdin and writes its own on its stdout. A request whose signal
// aborts before its response is cancelled with `notifications/cancelled` naming it (MCP 2026-07-28
// cancellation; on stdio `_meta` is the only carrier of trace context). The caller passes the
// process starter (Node's `child_process.spawn`), typed here by the little the transport uses, so
// the package needs no Node types. wopgen writes this file as it is into every package.
import { AnswerError, DEFAULT_LIMITS, isObject } from './support.js';
export function mcpStdioTransport(options) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    let child;
    const pending = new Map();
    const failAll = (err) => {
        for (const p of pending.values())
            p.reject(err);
        pending.clear();
    };
    const start = () => {
        if (child)
            return child;
        const c = options.spawn(options.command, [...(options.args ?? [])], {
            stdio: ['pipe', 'pipe', 'pipe'],
            ...(options.env ? { env: options.env } : {}),
            ...(options.cwd ? { cwd: options.cwd } : {}),
        });
        c.stderr.resume();
        // One message per line; a line may arrive in several chunks, or several in one.
        let buffered = '';
        c.stdout.setEncoding('utf8');
        c.stdout.on('data', (chunk) => {
            buffered += chunk;
            let end;
            while ((end = buffered.indexOf('\n')) >= 0) {
                const line = buffered.slice(0, end).replace(/\r$/, '');
                buffered = buffered.slice(end + 1);
                onLine(line);
            }
            if (buffered.length > limits.maxBytes) {
                buffered = '';
                failAll(new AnswerError('too-large', 'a message is too large'));
            }
        });
        const onLine = (line) => {
            if (line.length > limits.maxBytes)
                return failAll(new AnswerError('too-large', 'a message is too large'));
            let m;
            try {
                m = JSON.parse(line);
            }
            catch {
                return;
            }
            if (!isObject(m) || !('id' in m) || !('result' in m || 'error' in m))
                return;
            const key = JSON.stringify(m['id']);
            const p = pending.get(key);
            if (!p)
                return;
            pending.delete(key);
            p.resolve(m);
        };
        c.on('exit', () => {
            child = undefined;
            failAll(new AnswerError('network', 'the server process ended'));
        });
        c.on('error', (err) => failAll(new AnswerError('network', `the server process failed: ${err.message}`)));
        child = c;
        return c;
    };
    const write = (message) => start().stdin.write(JSON.stringify(message) + '\n');
    return {
        peer: `stdio:${options.command}`,
        request(message, _headers, signal) {
            return new Promise((resolve, reject) => {
                const key = JSON.stringify(message.id);
                const timer = setTimeout(() => {
                    pending.delete(key);
                    reject(new AnswerError('timeout', 'the server did not answer in time'));
                }, limits.timeoutMs);
                const done = () => {
                    clearTimeout(timer);
                    signal.removeEventListener('abort', onAbort);
                };
                const onAbort = () => {
                    if (!pending.delete(key))
                        return;
                    done();
                    write({
                        jsonrpc: '2.0',
                        method: 'notifications/cancelled',
                        params: {
                            requestId: message.id,
                            reason: 'cancelled by the client',
                            _meta: message.params['_meta'],
                        },
                    });
                    reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
                };
                pending.set(key, {
                    resolve: (m) => {
                        done();
                        resolve(m);
                    },
                    reject: (e) => {
                        done();
                        reject(e);
                    },
                });
                if (signal.aborted)
                    return onAbort();
                signal.addEventListener('abort', onAbort, { once: true });
                write(message);
            });
        },
        async close() {
            const c = child;
            if (!c)
                return;
            c.stdin.end();
            await new Promise((resolve) => {
                const t = setTimeout(() => {
                    c.kill('SIGKILL');
                    resolve();
                }, 2_000);
                c.once('exit', () => {
                    clearTimeout(t);
                    resolve();
                });
            });
        },
    };
}
