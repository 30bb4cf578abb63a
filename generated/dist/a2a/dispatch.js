export const a2aCaseMethods = ['SendMessage', 'SendStreamingMessage'];
/** The case serving a request that names no task, and one naming a task in each run status. */
export const a2aCaseSelection = {
    /** Source: spec/interop-map.json#/a2a/operations/0 */
    SendMessage: {
        noTask: 'sendMessage.start',
        byStatus: {
            pending: 'sendMessage.refuseActive',
            running: 'sendMessage.refuseActive',
            paused: 'sendMessage.refuseActive',
            'waiting-approval': 'sendMessage.resume',
            'waiting-input': 'sendMessage.resume',
            'waiting-external': 'sendMessage.resume',
            completed: 'sendMessage.refuseTerminal',
            failed: 'sendMessage.refuseTerminal',
            cancelling: 'sendMessage.refuseActive',
            cancelled: 'sendMessage.refuseTerminal',
        },
    },
    /** Source: spec/interop-map.json#/a2a/operations/4 */
    SendStreamingMessage: {
        noTask: 'sendStreamingMessage.start',
        byStatus: {
            pending: 'sendStreamingMessage.refuseActive',
            running: 'sendStreamingMessage.refuseActive',
            paused: 'sendStreamingMessage.refuseActive',
            'waiting-approval': 'sendStreamingMessage.resume',
            'waiting-input': 'sendStreamingMessage.resume',
            'waiting-external': 'sendStreamingMessage.resume',
            completed: 'sendStreamingMessage.refuseTerminal',
            failed: 'sendStreamingMessage.refuseTerminal',
            cancelling: 'sendStreamingMessage.refuseActive',
            cancelled: 'sendStreamingMessage.refuseTerminal',
        },
    },
};
/** The case of `method` serving a request naming no task (null) or a task in `status`. */
export function selectA2aCase(method, status) {
    const table = a2aCaseSelection[method];
    return status === null ? table.noTask : table.byStatus[status];
}
/** Requirements whose absence has its own error; every other one is UnsupportedOperationError. */
export const a2aRequirementRefusals = {
    'a2a.pushNotifications': {
        error: 'PushNotificationNotSupportedError',
        message: 'push notifications are not supported',
    },
};
/** The refusal of `method` when `requirement` (a row's `requires` entry) is not advertised. */
export function a2aRefusalFor(method, requirement) {
    return Object.hasOwn(a2aRequirementRefusals, requirement)
        ? a2aRequirementRefusals[requirement]
        : {
            error: 'UnsupportedOperationError',
            message: `${method} needs ${requirement}, which this host does not advertise`,
        };
}
/**
 * Per method: the `requires` every row shares (before params), the params, the case, the case's
 * own `requires`, then its member. Exhaustive by construction: a new case is a new member.
 */
export function createA2aDispatch(handlers, hooks) {
    const gate = (method, requires) => {
        const missing = requires.find((r) => !hooks.advertises(r));
        if (missing !== undefined)
            throw hooks.refuse(a2aRefusalFor(method, missing));
    };
    const routes = {
        async SendMessage(raw, ctx) {
            const params = hooks.params.SendMessage(raw, ctx);
            const selected = selectA2aCase('SendMessage', await hooks.taskStatus.SendMessage(params, ctx));
            switch (selected) {
                /** Source: spec/interop-map.json#/a2a/operations/0 */
                case 'sendMessage.start':
                    return { streaming: false, result: await handlers.sendMessageStart(params, ctx) };
                /** Source: spec/interop-map.json#/a2a/operations/1 */
                case 'sendMessage.resume':
                    return { streaming: false, result: await handlers.sendMessageResume(params, ctx) };
                /** Source: spec/interop-map.json#/a2a/operations/2 */
                case 'sendMessage.refuseActive':
                    return { streaming: false, result: await handlers.sendMessageRefuseActive(params, ctx) };
                /** Source: spec/interop-map.json#/a2a/operations/3 */
                case 'sendMessage.refuseTerminal':
                    return {
                        streaming: false,
                        result: await handlers.sendMessageRefuseTerminal(params, ctx),
                    };
            }
        },
        async SendStreamingMessage(raw, ctx) {
            gate('SendStreamingMessage', ['a2a.streaming']);
            const params = hooks.params.SendStreamingMessage(raw, ctx);
            const selected = selectA2aCase('SendStreamingMessage', await hooks.taskStatus.SendStreamingMessage(params, ctx));
            switch (selected) {
                /** Source: spec/interop-map.json#/a2a/operations/4 */
                case 'sendStreamingMessage.start':
                    return { streaming: true, events: handlers.sendStreamingMessageStart(params, ctx) };
                /** Source: spec/interop-map.json#/a2a/operations/4 */
                case 'sendStreamingMessage.resume':
                    return { streaming: true, events: handlers.sendStreamingMessageResume(params, ctx) };
                /** Source: spec/interop-map.json#/a2a/operations/4 */
                case 'sendStreamingMessage.refuseActive':
                    return {
                        streaming: true,
                        events: handlers.sendStreamingMessageRefuseActive(params, ctx),
                    };
                /** Source: spec/interop-map.json#/a2a/operations/4 */
                case 'sendStreamingMessage.refuseTerminal':
                    return {
                        streaming: true,
                        events: handlers.sendStreamingMessageRefuseTerminal(params, ctx),
                    };
            }
        },
        async GetTask(raw, ctx) {
            const params = hooks.params.GetTask(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/5 */
            return { streaming: false, result: await handlers.getTask(params, ctx) };
        },
        async ListTasks(raw, ctx) {
            const params = hooks.params.ListTasks(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/6 */
            return { streaming: false, result: await handlers.listTasks(params, ctx) };
        },
        async CancelTask(raw, ctx) {
            const params = hooks.params.CancelTask(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/7 */
            return { streaming: false, result: await handlers.cancelTask(params, ctx) };
        },
        async SubscribeToTask(raw, ctx) {
            gate('SubscribeToTask', ['a2a.streaming', 'a2a.durableTasks']);
            const params = hooks.params.SubscribeToTask(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/8 */
            return { streaming: true, events: handlers.subscribeToTask(params, ctx) };
        },
        async CreateTaskPushNotificationConfig(raw, ctx) {
            gate('CreateTaskPushNotificationConfig', ['a2a.pushNotifications']);
            const params = hooks.params.CreateTaskPushNotificationConfig(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/9 */
            return {
                streaming: false,
                result: await handlers.createTaskPushNotificationConfig(params, ctx),
            };
        },
        async GetTaskPushNotificationConfig(raw, ctx) {
            gate('GetTaskPushNotificationConfig', ['a2a.pushNotifications']);
            const params = hooks.params.GetTaskPushNotificationConfig(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/10 */
            return {
                streaming: false,
                result: await handlers.getTaskPushNotificationConfig(params, ctx),
            };
        },
        async ListTaskPushNotificationConfigs(raw, ctx) {
            gate('ListTaskPushNotificationConfigs', ['a2a.pushNotifications']);
            const params = hooks.params.ListTaskPushNotificationConfigs(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/10 */
            return {
                streaming: false,
                result: await handlers.listTaskPushNotificationConfigs(params, ctx),
            };
        },
        async DeleteTaskPushNotificationConfig(raw, ctx) {
            gate('DeleteTaskPushNotificationConfig', ['a2a.pushNotifications']);
            const params = hooks.params.DeleteTaskPushNotificationConfig(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/10 */
            return {
                streaming: false,
                result: await handlers.deleteTaskPushNotificationConfig(params, ctx),
            };
        },
        async GetExtendedAgentCard(raw, ctx) {
            const params = hooks.params.GetExtendedAgentCard(raw, ctx);
            /** Source: spec/interop-map.json#/a2a/operations/11 */
            return { streaming: false, result: await handlers.getExtendedAgentCard(params, ctx) };
        },
    };
    return (method, raw, ctx) => routes[method](raw, ctx);
}
