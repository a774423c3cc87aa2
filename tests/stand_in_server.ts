// The loopback server under the tests' stand-ins for third-party HTTP APIs: a free port, and requests held
// unanswered until close(), for the clients that must give up on their own.

export abstract class StandInServer {
  private readonly server: Deno.HttpServer<Deno.NetAddr>;
  private readonly hanging = new Set<() => void>();

  constructor() {
    this.server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => this.handle(req));
  }

  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  get url(): string {
    return `http://127.0.0.1:${this.server.addr.port}`;
  }

  async close() {
    for (const release of this.hanging) release();
    await this.server.shutdown();
  }

  /** Answers only once close() is called, so the server never waits on it; the client gives up first. */
  protected async hang(): Promise<Response> {
    await new Promise<void>((resolve) => this.hanging.add(resolve));
    return new Response(null, { status: 504 });
  }

  protected abstract handle(req: Request): Promise<Response>;
}
