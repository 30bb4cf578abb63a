export const eventChannels = [
    { id: 'hostEvents', address: '/host/events', messages: ['negotiation.decided'] },
    {
        id: 'runEvents',
        address: '/runs/{runId}/events',
        messages: [
            'interrupt.requested',
            'interrupt.resolved',
            'log.appended',
            'negotiation.decided',
            'node.completed',
            'node.suspended',
            'run.cancelled',
            'run.completed',
            'run.failed',
            'run.started',
        ],
    },
];
