// An independent MCP client for intent-mcp: the official TypeScript SDK, over stdio or Streamable HTTP.
//
//   node client.mjs stdio <command> [args...]
//   node client.mjs http <url>
//
// Lists the tools, calls intent_parse on the reference request and on a bad request, and prints
// one JSON report on stdout. The SDK client validates structuredContent against each tool's
// declared outputSchema (it throws when they disagree); the report also runs the same check
// explicitly with Ajv, so a pass is not a silent skip. Exits 1 on any failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

const SEED_INPUT = "Look up order 000123. Do not cancel the order.";

function transportFrom(argv) {
  const [kind, ...rest] = argv;
  if (kind === "stdio" && rest.length > 0) {
    // INTEROP_SERVER_CWD: where the server runs (the SDK passes only a safe subset of the environment).
    return new StdioClientTransport({
      command: rest[0],
      args: rest.slice(1),
      cwd: process.env.INTEROP_SERVER_CWD,
      stderr: "inherit",
    });
  }
  if (kind === "http" && rest.length === 1) {
    return new StreamableHTTPClientTransport(new URL(rest[0]));
  }
  throw new Error("usage: node client.mjs stdio <command> [args...] | http <url>");
}

async function main() {
  const checks = [];
  const check = (name, ok, detail = "") => checks.push({ name, ok: Boolean(ok), detail: String(detail) });
  const client = new Client({ name: "intent-mcp-interop", version: "1.0.0" });
  const transport = transportFrom(process.argv.slice(2));
  // The SDK hands the negotiated version to the transport; note it on the way for the report.
  let negotiated = null;
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    negotiated = version;
    setProtocolVersion?.(version);
  };
  await client.connect(transport);
  const report = { protocolVersion: negotiated, server: client.getServerVersion(), checks };
  try {
    const { tools } = await client.listTools();
    const parse = tools.find((tool) => tool.name === "intent_parse");
    report.tools = tools.map((tool) => tool.name);
    check("tools/list offers intent_parse", parse);
    check("intent_parse declares an outputSchema", parse && parse.outputSchema);

    // The SDK validates structuredContent against the outputSchema inside callTool.
    const seed = await client.callTool({ name: "intent_parse", arguments: { input: SEED_INPUT } });
    check("seed request is not an error", seed.isError === false, JSON.stringify(seed).slice(0, 300));
    check("seed reply has structuredContent", seed.structuredContent);
    const text = seed.content?.[0]?.text ?? "";
    check(
      "content[0].text is the same JSON as structuredContent",
      JSON.stringify(JSON.parse(text)) === JSON.stringify(seed.structuredContent),
    );
    const validate = new AjvJsonSchemaValidator().getValidator(parse.outputSchema);
    const verdict = validate(seed.structuredContent);
    check("structuredContent matches the declared outputSchema", verdict.valid, verdict.errorMessage ?? "");
    const result = seed.structuredContent ?? {};
    check("result status is complete", result.status === "complete", result.status);
    const intent = result.effective?.intents?.[0] ?? {};
    check("action and target", intent.action === "Look up" && intent.target === "order 000123", JSON.stringify(intent));
    report.seed = { status: result.status, action: intent.action, target: intent.target };

    const bad = await client.callTool({ name: "intent_parse", arguments: { input: 42 } });
    check("bad request comes back as isError", bad.isError === true, JSON.stringify(bad).slice(0, 300));
    check("bad request has no structuredContent", bad.structuredContent === undefined);
    let error = {};
    try {
      error = JSON.parse(bad.content?.[0]?.text ?? "{}").error ?? {};
    } catch (parseError) {
      check("bad request text is JSON", false, parseError);
    }
    check("bad request carries a coded error", typeof error.code === "string" && error.code.length > 0, error.code);
    report.badRequest = { code: error.code, category: error.category };
  } catch (failure) {
    check("no exception", false, failure?.stack ?? failure);
  } finally {
    await client.close();
  }
  report.ok = checks.every((item) => item.ok);
  process.stdout.write(JSON.stringify(report) + "\n");
  process.exit(report.ok ? 0 : 1);
}

main().catch((failure) => {
  process.stdout.write(JSON.stringify({ ok: false, checks: [{ name: "run", ok: false, detail: String(failure?.stack ?? failure) }] }) + "\n");
  process.exit(1);
});
