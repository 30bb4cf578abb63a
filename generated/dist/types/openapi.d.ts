export interface paths {
    "/.well-known/openwop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fetch the discovery document. */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the agents available to the caller. */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one agent's inventory entry. */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/host/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow host events that belong to no run. */
        get: operations["streamHostEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's runs, newest first. */
        get: operations["listRuns"];
        put?: never;
        /** Start a run of a workflow. */
        post: operations["createRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the current state of a run. */
        get: operations["getRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask a run to stop. */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Follow a run's events over Server-Sent Events. */
        get: operations["streamRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/events/poll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Long-poll for run events. */
        get: operations["pollRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/interrupts/{nodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer the open interrupt held by a node. */
        post: operations["resolveInterruptByRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * A2A facet
         * @description What a host advertises about its A2A support in the discovery document.
         */
        A2a: {
            /**
             * @description Each agent in the inventory gets its own card; omit the key when not offered.
             * @constant
             */
            agentCards?: true;
            /**
             * Format: uri
             * @description Absolute URL of the public agent card.
             */
            agentCardUrl?: string;
            /** @description Tasks outlive the request that created them. */
            durableTasks?: boolean;
            /** @description Lowest version the host will negotiate. */
            minimumVersion: string;
            /** @description Version used when the peer does not ask for one. */
            preferredVersion: string;
            /** @description Interop profiles claimed, such as a2a-1.0. */
            profiles?: string[];
            /** @description Push-notification configs are accepted. */
            pushNotifications?: boolean;
            /**
             * Format: date
             * @description Day the version list was last checked against upstream.
             */
            refreshedAt: string;
            /** @description Streaming operations are served. */
            streaming?: boolean;
            /** @description A2A versions offered, as major.minor. */
            versions: string[];
        };
        AgentInventoryEntry: {
            /** @description Opaque A2A routing value for this agent's own card. */
            a2aTenant?: string;
            agentId: components["schemas"]["Ids_agentId"];
            degraded?: string[];
            description?: string;
            label: string;
            memoryDegraded?: boolean;
            packName?: string;
            packVersion?: string;
            persona: string;
        };
        AgentInventoryResponse: {
            agents: components["schemas"]["AgentInventoryEntry"][];
            total: number;
        };
        /**
         * Capabilities
         * @description The discovery document served at /.well-known/openwop. The root is closed, so keys outside this profile (supportedTransports, grpc, a root profiles list) fail validation.
         */
        Capabilities: {
            a2a?: components["schemas"]["A2a"];
            /** @description Agent inventory support. */
            agents?: {
                /** @description GET /agents and GET /agents/{agentId} are served. */
                inventory?: boolean;
                /** @description Installed agent packs can be run. */
                manifestRuntime?: boolean;
            };
            /** @description Host extension records, one key per extension (<org>.<name>); each record's members are the org's. */
            extensions?: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            /** @description Ids of the conformance fixture workflows the host has loaded. */
            fixtures?: string[];
            /** @description Host event types the host may emit on /host/events and how each is delivered. */
            hostEvents?: {
                types: {
                    /** @enum {string} */
                    delivery: "durable" | "ephemeral";
                    type: string;
                }[];
            };
            /** @description Self-reported identity of the server software; informational only. */
            implementation?: {
                name: string;
                /** Format: uri */
                url?: string;
                version: string;
            };
            mcp?: components["schemas"]["Mcp"];
            /** @description Version used when a request carries no OpenWOP-Version header; one of protocolVersions. */
            preferredVersion: string;
            /** @description Every OpenWOP major.minor the host serves. */
            protocolVersions: string[];
            /** @description listRuns is served. */
            runList?: {
                /** @description Query filters the host applies. */
                filters?: ("workflowId" | "status")[];
                /** @description Largest page the host returns. */
                maxPageSize: number;
            };
        };
        CreateRunRequest: {
            /** @description Values handed to the workflow. */
            inputs?: {
                [key: string]: unknown;
            };
            /** @description Caller data stored on the run as given. */
            metadata?: {
                [key: string]: unknown;
            };
            workflowId: components["schemas"]["Ids_workflowId"];
        };
        /**
         * ErrorEnvelope
         * @description Body of every OpenWOP REST error response.
         */
        Error: {
            /** @description Extra data specific to the code. */
            details?: {
                [key: string]: unknown;
            };
            /** @description A code from errors.json or a vendor code. */
            error: string;
            /** @description Human-readable explanation. */
            message: string;
        };
        /**
         * HostEvent
         * @description An event that belongs to the host rather than to any run, so it has no runId and no sequence.
         */
        HostEvent: {
            /**
             * @description durable events are stored and can be resumed by eventId; ephemeral ones are sent once and forgotten.
             * @enum {string}
             */
            delivery: "durable" | "ephemeral";
            /** @description Same value on every delivery of the event. */
            eventId: components["schemas"]["Ids_eventId"];
            /** @description Body defined by the event type. */
            payload: Record<string, never>;
            /** Format: date-time */
            timestamp: string;
            /** @description Dotted event type, e.g. negotiation.decided. */
            type: string;
            /** @description Set only for workspace-scoped events. */
            workspaceId?: components["schemas"]["Ids_workspaceId"];
        } & unknown;
        /** @description Agent id chosen by the agent pack author. */
        Ids_agentId: string;
        /** @description Opaque host-minted event id. */
        Ids_eventId: string;
        /** @description Interrupt id bound to a tenant, written <tenant>/<opaque>. */
        Ids_interruptId: string;
        /** @description Node id chosen by the author, unique inside one workflow. */
        Ids_nodeId: string;
        /** @description Run id in the form <tenant>/<opaque>; the opaque part is host-minted from at least 128 random bits. */
        Ids_runId: string;
        /** @description Stable opaque subject id scoped to its issuer; never personal data. */
        Ids_subjectId: string;
        /** @description Tenant of record; the only colon allowed is the anon: prefix of anonymous tenants. */
        Ids_tenantId: string;
        /** @description Workflow id chosen by the workflow author. */
        Ids_workflowId: string;
        /** @description Workspace id minted by the host. */
        Ids_workspaceId: string;
        /**
         * MCP facet
         * @description What a host advertises about its MCP support in the discovery document.
         */
        Mcp: {
            /** @description Feature ids from the interop map that the host implements. */
            features?: string[];
            /**
             * Format: date
             * @description Lowest revision the host will negotiate.
             */
            minimumRevision: string;
            /** @description Limits for multi-round tool results. */
            mrtr?: {
                /** @description Most input_required rounds allowed per call. */
                maxRounds: number;
            };
            /**
             * Format: date
             * @description Revision used when the peer does not ask for one.
             */
            preferredVersion: string;
            /** @description Interop profiles claimed, such as mcp-2026-07-28. */
            profiles?: string[];
            /**
             * Format: date
             * @description Day the revision list was last checked against upstream.
             */
            refreshedAt: string;
            /** @description MCP revisions offered, as dates. */
            revisions: string[];
            /** @description The host exposes its workflows as an MCP server. */
            serverMount?: {
                /** @description MCP transports of that server; not a list of host transports. */
                transports?: ("stdio" | "streamable-http")[];
            };
            /** @description Absolute URLs where the MCP server is reachable. */
            serverUrls?: string[];
        };
        ResolveInterruptRequest: {
            interruptId?: components["schemas"]["Ids_interruptId"];
            /** @description The answer; checked against the interrupt's schema when it has one. */
            resumeValue: unknown;
        };
        /**
         * RunEvent
         * @description One entry of a run's append-only event log as sent on streams and polls.
         */
        RunEvent: {
            eventId?: components["schemas"]["Ids_eventId"];
            /** @description Set on events that concern one node. */
            nodeId?: components["schemas"]["Ids_nodeId"];
            /** @description Type-specific body; see run-event-payloads.schema.json. */
            payload: Record<string, never>;
            runId: components["schemas"]["Ids_runId"];
            /** @description Version of this event's own shape. */
            schemaVersion?: number;
            /** @description Position in the log, starting at 0. */
            sequence: number;
            /** Format: date-time */
            timestamp: string;
            /** @description Event type such as run.started. */
            type: string;
        };
        /** @description Content-free audit record of one A2A or MCP version negotiation, refusals included. */
        RunEventPayloads_negotiationDecided: {
            /**
             * Format: date-time
             * @description When the decision was made.
             */
            at: string;
            /** @description The advertised minimum at decision time. */
            floor?: string;
            /** @enum {string} */
            outcome: "accepted" | "refused";
            /** @description Lowercase hex SHA-256 of the peer origin, so the origin itself is never stored. */
            peerDigest?: string;
            /** @enum {string} */
            protocol: "a2a" | "mcp";
            /** @enum {string} */
            reason?: "below-floor" | "unauthenticated" | "unsupported" | "ok";
            /** @description The version the requester asked for, if it named one. */
            requested?: string;
            /** @description Version or revision agreed; left out when nothing was agreed. */
            version?: string;
        };
        RunEventPollResponse: {
            events: components["schemas"]["RunEvent"][];
            isTerminal: boolean;
            /** @description Highest sequence in the log when answering, or -1 for an empty log. */
            lastSequence: number;
            runId: components["schemas"]["Ids_runId"];
            status: string;
        };
        /**
         * RunListResponse
         * @description One page of listRuns results.
         */
        RunListResponse: {
            /** @description Opaque cursor for the following page; null or missing on the last page. */
            nextCursor?: string | null;
            /** @description Runs on this page; may be empty. */
            runs: components["schemas"]["RunSnapshot"][];
        };
        /**
         * RunSnapshot
         * @description Current state of one run, folded from its event log and returned by getRun.
         */
        RunSnapshot: {
            /** Format: date-time */
            completedAt?: string;
            /** @description Node holding the open interrupt while the run waits. */
            currentNodeId?: components["schemas"]["Ids_nodeId"];
            /** @description Why the run failed; present only on failed runs. */
            error?: {
                code: string;
                message: string;
            };
            /** @description Era of the event log; a v2 host writes 3. */
            eventLogSchemaVersion: number;
            /** @description Inputs the run was started with. */
            inputs?: {
                [key: string]: unknown;
            };
            /** @description Caller-supplied metadata. */
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Outputs of a completed run. */
            outputs?: {
                [key: string]: unknown;
            };
            /** @description Who the run belongs to. */
            owner: {
                subject: components["schemas"]["RunSnapshot_subject"];
                tenant: components["schemas"]["Ids_tenantId"];
                workspace?: components["schemas"]["Ids_workspaceId"];
            };
            runId: components["schemas"]["Ids_runId"];
            /** Format: date-time */
            startedAt?: string;
            /**
             * @description Lifecycle state of the run.
             * @enum {string}
             */
            status: "pending" | "running" | "paused" | "waiting-approval" | "waiting-input" | "waiting-external" | "completed" | "failed" | "cancelling" | "cancelled";
            workflowId: components["schemas"]["Ids_workflowId"];
        };
        /** @description The authenticated principal that owns the run. */
        RunSnapshot_subject: {
            /** @description Trust root that vouches for the subject. */
            issuer: string;
            /**
             * @description What sort of principal it is.
             * @enum {string}
             */
            kind: "user" | "agent" | "anonymous" | "workload";
            /**
             * @description How the subject authenticated.
             * @enum {string}
             */
            lane: "api-key" | "oauth2" | "oidc" | "mtls" | "saml" | "scim" | "ldap" | "workload" | "session" | "anonymous";
            subjectId: components["schemas"]["Ids_subjectId"];
            tenant: components["schemas"]["Ids_tenantId"];
        };
    };
    responses: {
        /** @description The request clashes with the resource's current state. */
        Conflict: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The credential may not perform this action. */
        Forbidden: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource, or the caller may not see it. */
        NotFound: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource is unchanged since the given ETag; no body. */
        NotModified: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description No credential, or an invalid one. */
        Unauthenticated: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request was malformed. */
        ValidationError: {
            headers: {
                "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Lets a client repeat a mutation safely. */
        IdempotencyKey: string;
        /** @description An ETag from an earlier response; a match yields 304. */
        IfNoneMatch: string;
        /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
        OpenWOPVersion: string;
        /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
        RunId: components["schemas"]["Ids_runId"];
    };
    requestBodies: never;
    headers: {
        /** @description The OpenWOP version that produced the response. */
        OpenWOPVersion: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getCapabilities: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier response; a match yields 304. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The host's capabilities. */
            200: {
                headers: {
                    ETag?: string;
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Capabilities"];
                };
            };
            304: components["responses"]["NotModified"];
        };
    };
    listAgents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's agent inventory, sorted by agentId. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentInventoryResponse"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                agentId: components["schemas"]["Ids_agentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inventory entry. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentInventoryEntry"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
        };
    };
    streamHostEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resume after the durable event with this eventId. */
                "Last-Event-ID"?: string;
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An SSE stream of HostEvent documents. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            401: components["responses"]["Unauthenticated"];
        };
    };
    listRuns: {
        parameters: {
            query?: {
                /** @description nextCursor from the previous page. */
                cursor?: string;
                /** @description Page size, capped at runList.maxPageSize. */
                limit?: number;
                status?: "pending" | "running" | "paused" | "waiting-approval" | "waiting-input" | "waiting-external" | "completed" | "failed" | "cancelling" | "cancelled";
                workflowId?: components["schemas"]["Ids_workflowId"];
            };
            header?: {
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunListResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            404: components["responses"]["NotFound"];
        };
    };
    createRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Lets a client repeat a mutation safely. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRunRequest"];
            };
        };
        responses: {
            /** @description The run was created. */
            201: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunSnapshot"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier response; a match yields 304. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
                runId: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run snapshot. */
            200: {
                headers: {
                    ETag?: string;
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunSnapshot"];
                };
            };
            304: components["responses"]["NotModified"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Lets a client repeat a mutation safely. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
                runId: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Cancellation accepted; the snapshot shows cancelling or cancelled. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunSnapshot"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    streamRunEvents: {
        parameters: {
            query?: {
                /** @description One stream mode, or several comma-separated; values stands alone. */
                streamMode?: string;
            };
            header?: {
                /** @description Resume after the event with this id. */
                "Last-Event-ID"?: string;
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
                runId: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An SSE stream of RunEvent documents that closes after the terminal event. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    pollRunEvents: {
        parameters: {
            query?: {
                /** @description Only events with a larger sequence are returned; omit to start at 0. */
                afterSequence?: number;
                /** @description Seconds to wait when no new event is available. */
                timeout?: number;
            };
            header?: {
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
                runId: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events after afterSequence. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunEventPollResponse"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    resolveInterruptByRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Lets a client repeat a mutation safely. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The OpenWOP major.minor the client wants; without it the host uses preferredVersion. */
                "OpenWOP-Version"?: components["parameters"]["OpenWOPVersion"];
            };
            path: {
                nodeId: components["schemas"]["Ids_nodeId"];
                /** @description The tenant-bound run id as one path segment, with the slash escaped (~2F or %2F). */
                runId: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveInterruptRequest"];
            };
        };
        responses: {
            /** @description The interrupt was resolved and the run continues. */
            200: {
                headers: {
                    "OpenWOP-Version": components["headers"]["OpenWOPVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodeId?: components["schemas"]["Ids_nodeId"];
                        runId?: components["schemas"]["Ids_runId"];
                        status?: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
}
/** The discovery document (getCapabilities 200). */
export type DiscoveryDocument = components['schemas']['Capabilities'];
/** Source: spec/openapi.yaml#/components/schemas/RunSnapshot */
export type RunSnapshot = components['schemas']['RunSnapshot'];
