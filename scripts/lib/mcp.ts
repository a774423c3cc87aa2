// One agent request, as the tests and the benchmarks send it to the MCP endpoint.

/** The headers and body of a sessionless `tools/call` of the 2026-07-28 revision, from a client without tasks. */
export function mcpToolCall(token: string, name: string, args: Record<string, unknown>) {
  return {
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "appgen-tools", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  };
}
