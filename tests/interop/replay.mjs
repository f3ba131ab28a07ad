// A second, independent fixture runner: replays protocol_fixtures/ over the TypeScript SDK's stdio
// client transport, following only the rules of protocol_fixtures/README.md. That the same files
// pass here and in `intent-mcp fixtures check` shows the format is implementable from its README.
//
//   node replay.mjs <fixtures dir> <version> <server command> [args...]
//
// Prints one line per case (PASS / FAIL with the first differences) and "N passed, N failed".
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const REPLY_TIMEOUT_MS = 20000;
const MARKERS = new Set(["@match", "@capture", "@ref", "@json", "@literal"]);

function markerOf(value) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && MARKERS.has(keys[0])) return [keys[0], value[keys[0]]];
  }
  return null;
}

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value; // string, boolean, object
}

function typeMatches(value, wanted) {
  const actual = jsonType(value);
  if (wanted === "any") return true;
  if (wanted === "number") return actual === "number" || actual === "integer";
  return actual === wanted;
}

function substitute(template, captures) {
  const marker = markerOf(template);
  if (marker) {
    const [key, argument] = marker;
    if (key === "@ref") {
      if (!(argument in captures)) throw new Error(`@ref ${argument} names no captured value`);
      return captures[argument];
    }
    if (key === "@literal") return argument;
    if (key === "@json") return JSON.stringify(substitute(argument, captures));
    throw new Error(`${key} cannot stand in a message to send`);
  }
  if (Array.isArray(template)) return template.map((item) => substitute(item, captures));
  if (template && typeof template === "object") {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, substitute(v, captures)]));
  }
  return template;
}

function match(expected, actual, captures, pointer, out) {
  const where = pointer || "/";
  const marker = markerOf(expected);
  if (marker) {
    const [key, argument] = marker;
    if (key === "@match") {
      if (!typeMatches(actual, argument)) out.push(`${where}: expected any ${argument}`);
    } else if (key === "@capture") {
      if (typeof actual !== "string") out.push(`${where}: expected a string to capture`);
      else captures[argument] = actual;
    } else if (key === "@ref") {
      if (actual !== captures[argument]) out.push(`${where}: expected the value captured as ${argument}`);
    } else if (key === "@json") {
      let parsed;
      try {
        parsed = JSON.parse(actual);
      } catch {
        out.push(`${where}: expected a JSON text`);
        return;
      }
      match(argument, parsed, captures, pointer, out);
    } else if (JSON.stringify(argument) !== JSON.stringify(actual)) {
      out.push(`${where}: expected ${JSON.stringify(argument)}`);
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return void out.push(`${where}: expected an array`);
    if (expected.length !== actual.length) out.push(`${where}: expected ${expected.length} item(s), got ${actual.length}`);
    expected.forEach((item, i) => i < actual.length && match(item, actual[i], captures, `${pointer}/${i}`, out));
    return;
  }
  if (expected && typeof expected === "object") {
    if (!actual || typeof actual !== "object" || Array.isArray(actual)) return void out.push(`${where}: expected an object`);
    for (const key of Object.keys(actual)) if (!(key in expected)) out.push(`${where}: unexpected key ${key}`);
    for (const [key, value] of Object.entries(expected)) {
      const escaped = key.replaceAll("~", "~0").replaceAll("/", "~1");
      if (!(key in actual)) out.push(`${where}: missing key ${key}`);
      else match(value, actual[key], captures, `${pointer}/${escaped}`, out);
    }
    return;
  }
  if (expected !== actual) out.push(`${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function replay(fixture, command, args, profileArgs) {
  const transport = new StdioClientTransport({
    command,
    args: [...args, ...profileArgs],
    cwd: process.env.INTEROP_SERVER_CWD,
    stderr: "ignore",
  });
  const waiting = new Map();
  transport.onmessage = (message) => {
    if ("id" in message && !("method" in message) && waiting.has(message.id)) waiting.get(message.id)(message);
  };
  await transport.start();
  const captures = {};
  try {
    for (const [index, exchange] of fixture.exchanges.entries()) {
      const message = substitute(exchange.send, captures);
      if (!("id" in message)) {
        await transport.send(message);
        continue;
      }
      const reply = new Promise((resolveReply, reject) => {
        waiting.set(message.id, resolveReply);
        setTimeout(() => reject(new Error(`no reply to id ${message.id}`)), REPLY_TIMEOUT_MS).unref();
      });
      await transport.send(message);
      const out = [];
      match(exchange.expect, await reply, captures, "", out);
      if (out.length > 0) return [`exchange ${index} (${message.method}):`, ...out.slice(0, 10)];
    }
    return [];
  } finally {
    await transport.close();
  }
}

async function main() {
  const [root, version, command, ...args] = process.argv.slice(2);
  const profiles = JSON.parse(readFileSync(join(root, "servers.json"), "utf8"));
  const folder = join(root, version);
  const files = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  const results = new Array(files.length);
  let next = 0;
  // Two cases at a time (one server process each), reported in file order.
  async function worker() {
    while (next < files.length) {
      const index = next++;
      const fixture = JSON.parse(readFileSync(join(folder, files[index]), "utf8"));
      const profileArgs = profiles[fixture.server].args.map((arg) =>
        typeof arg === "string" ? arg : resolve(root, arg.path),
      );
      let differences;
      try {
        differences = await replay(fixture, command, args, profileArgs);
      } catch (error) {
        differences = [String(error)];
      }
      results[index] = { name: fixture.name, differences };
    }
  }
  await Promise.all([worker(), worker()]);
  let passed = 0;
  for (const { name, differences } of results) {
    if (differences.length === 0) passed += 1;
    console.log(`${differences.length === 0 ? "PASS" : "FAIL"} ${version}/${name}`);
    for (const line of differences) console.log(`     ${line}`);
  }
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main();
