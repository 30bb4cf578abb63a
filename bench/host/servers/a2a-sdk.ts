// Peer (b): the @a2a-js/sdk reference server as its README builds one — DefaultRequestHandler over
// InMemoryTaskStore behind the express JSON-RPC handler, with an executor that completes each task
// at once (so SendMessage and GetTask are answered from memory). Listens on PORT.
import type { AgentCard, Task } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

const port = Number(process.env['PORT']);
const card: AgentCard = {
  name: 'bench',
  description: 'echo agent for the host benchmark',
  supportedInterfaces: [
    {
      url: `http://127.0.0.1:${port}/a2a/jsonrpc`,
      protocolBinding: 'JSONRPC',
      tenant: '',
      protocolVersion: '1.0',
    },
  ],
  provider: undefined,
  version: '1.0.0',
  capabilities: { streaming: true, pushNotifications: false, extensions: [] },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
  signatures: [],
} as unknown as AgentCard;

/** Completes every task at once with the text it was sent (what our `echo` workflow does). */
const executor: AgentExecutor = {
  async execute(rc: RequestContext, bus: ExecutionEventBus) {
    const text = rc.userMessage.parts
      .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
      .join('');
    const task: Task = {
      id: rc.taskId,
      contextId: rc.contextId,
      status: {
        state: TaskState.TASK_STATE_COMPLETED,
        message: undefined,
        timestamp: new Date().toISOString(),
      },
      artifacts: [
        {
          artifactId: 'output',
          name: 'output',
          description: '',
          parts: [
            {
              content: { $case: 'text', value: text },
              metadata: undefined,
              filename: '',
              mediaType: '',
            },
          ],
          metadata: undefined,
          extensions: [],
        },
      ],
      history: [rc.userMessage],
      metadata: undefined,
    } as unknown as Task;
    bus.publish(AgentEvent.task(task));
    bus.finished();
  },
  async cancelTask() {},
};

const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
const app = express();
app.use(
  '/a2a/jsonrpc',
  jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
);
app.listen(port, '127.0.0.1');
