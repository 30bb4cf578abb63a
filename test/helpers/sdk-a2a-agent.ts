// An agent served by the official A2A SDK's server (@a2a-js/sdk 1.x, both bindings on express),
// the peer the generated A2A client and the outbound workflow steps are tested against. What the
// first message of a task says picks its behaviour: `ask` waits for input (INPUT_REQUIRED) and
// answers the follow-up, `auth` asks for a credential (AUTH_REQUIRED), `slow` works until
// cancelled, anything else completes at once with an artifact. Every message it receives is kept
// (`seen`), so a test can check what a client sent (messageId, metadata). `refuse` names JSON-RPC
// methods answered -32601, as by an agent that does not offer them.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AgentCard, Message, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
} from '@a2a-js/sdk/server';
import {
  UserBuilder,
  agentCardHandler,
  jsonRpcHandler,
  restHandler,
} from '@a2a-js/sdk/server/express';

export interface SdkAgent {
  base: string;
  cardUrl: string;
  seen: Message[];
  close(): Promise<void>;
}

const now = () => new Date().toISOString();
const textOf = (m: Message) =>
  m.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

function agentMessage(taskId: string, contextId: string, text: string): Message {
  return Message.fromJSON({
    messageId: `m-${Math.random().toString(36).slice(2)}`,
    role: 'ROLE_AGENT',
    taskId,
    contextId,
    parts: [{ text }],
  });
}

export async function startSdkAgent(opts: { refuse?: string[] } = {}): Promise<SdkAgent> {
  const seen: Message[] = [];
  const working = new Map<string, ExecutionEventBus>();
  const status = (
    bus: ExecutionEventBus,
    taskId: string,
    contextId: string,
    state: TaskState,
    text?: string,
  ) =>
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: {
          state,
          timestamp: now(),
          ...(text !== undefined ? { message: agentMessage(taskId, contextId, text) } : {}),
        },
        metadata: undefined,
      } as never),
    );
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const msg = ctx.userMessage;
      seen.push(msg);
      const { taskId, contextId } = ctx;
      const text = textOf(msg);
      const first = !ctx.task;
      bus.publish(
        AgentEvent.task(
          ctx.task ??
            ({
              id: taskId,
              contextId,
              status: { state: TaskState.TASK_STATE_WORKING, timestamp: now() },
              history: [msg],
              artifacts: [],
            } as never),
        ),
      );
      const opening = first ? text : textOf(ctx.task!.history[0] ?? msg);
      if (first && text === 'ask') {
        status(bus, taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, 'what name?');
        return;
      }
      if (first && text === 'auth') {
        status(bus, taskId, contextId, TaskState.TASK_STATE_AUTH_REQUIRED, 'connect first');
        return;
      }
      if (first && text === 'slow') {
        working.set(taskId, bus);
        return;
      }
      const answer = opening === 'ask' ? `hello ${text}` : `echo: ${text}`;
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: 'a1',
            name: 'answer',
            parts: [{ content: { $case: 'text', value: answer } }],
          },
        } as never),
      );
      status(bus, taskId, contextId, TaskState.TASK_STATE_COMPLETED, answer);
      bus.finished();
    },
    async cancelTask(taskId, bus) {
      const running = working.get(taskId);
      working.delete(taskId);
      const target = running ?? bus;
      status(target, taskId, '', TaskState.TASK_STATE_CANCELED);
      target.finished();
    },
  };
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = AgentCard.fromJSON({
    name: 'sdk-agent',
    description: 'the official SDK server as a peer',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'echo', description: 'echo', tags: ['echo'] }],
  });
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    executor,
    undefined,
    new InMemoryPushNotificationStore(),
    undefined,
    card,
  );
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  const refused = new Set(opts.refuse ?? []);
  app.use('/a2a/jsonrpc', express.json(), (req, res, next) => {
    const { id, method } = req.body as { id?: unknown; method?: string };
    if (method === undefined || !refused.has(method)) return next();
    res.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
  });
  app.use(
    '/a2a/jsonrpc',
    jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  app.use(
    '/a2a/rest',
    restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  return {
    base,
    cardUrl: `${base}/.well-known/agent-card.json`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
