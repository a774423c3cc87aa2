// Serves one edge function's exported handler alone on loopback (`deno run -A serve-function.ts <name>`),
// as the hosted runtime runs each function in its own process; PORT picks the port. The function's own
// `index.ts` would listen on every interface.
const name = Deno.args[0];
if (!/^[a-z0-9-]+$/.test(name ?? "")) throw new Error("usage: serve-function.ts <function name>");
const { handler } = await import(new URL(`../supabase/functions/${name}/index.ts`, import.meta.url).href);
const server = Deno.serve(
  { hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen: () => {} },
  handler,
);
Deno.addSignalListener("SIGTERM", async () => {
  await server.shutdown();
  Deno.exit(0);
});
