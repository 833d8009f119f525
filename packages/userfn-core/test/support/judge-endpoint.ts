/**
 * A scripted OpenAI-compatible Chat Completions endpoint on a loopback port,
 * for tests and the bench: a real HTTP server, so the `openai` client, its
 * retries and timeouts run as they do against vLLM or OpenAI.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat completion request as the endpoint received it. */
export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: {
    model: string;
    temperature?: number;
    seed?: number;
    messages: Array<{ role: string; content: string }>;
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: { properties: { results: { items: { properties: { id: { enum: string[] } } } } } } };
    };
  };
}

/** What the endpoint answers: a status with a JSON body or a text, after a delay; `hang` never answers. */
export interface ScriptedReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly json?: unknown;
  readonly text?: string;
  readonly delayMs?: number;
  readonly hang?: boolean;
}

export type Script = (request: ReceivedRequest, index: number) => ScriptedReply;

/** The rule ids a request asks about (from its reply schema's enum). */
export const askedIds = (r: ReceivedRequest): string[] => r.body.response_format?.json_schema?.schema.properties.results.items.properties.id.enum ?? [];

/** A Chat Completions reply whose message content is `content` (a string, or an object written as JSON). */
export function completion(content: unknown, usage = { prompt_tokens: 100, completion_tokens: 20 }): ScriptedReply {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'judge-test',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content), refusal: null },
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/** Replies with a verdict for every asked id, from `decide`. */
export const verdicts =
  (decide: (id: string, r: ReceivedRequest) => { pass: boolean; score?: number; reason?: string }, delayMs = 0): Script =>
  (r) => ({
    ...completion({
      results: askedIds(r).map((id) => {
        const v = decide(id, r);
        return { id, reason: v.reason ?? `${id}: ${v.pass ? 'meets' : 'misses'} the criterion`, pass: v.pass, score: v.score ?? (v.pass ? 1 : 0) };
      }),
    }),
    delayMs,
  });

export interface JudgeEndpoint {
  /** The base URL to give the client (`http://127.0.0.1:<port>/v1`). */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  script: Script;
  close(): Promise<void>;
}

/** Starts the endpoint on a free loopback port. */
export async function startJudgeEndpoint(script: Script): Promise<JudgeEndpoint> {
  const requests: ReceivedRequest[] = [];
  const state = { script };
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const received: ReceivedRequest = { path: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
      const index = requests.push(received) - 1;
      const reply = state.script(received, index);
      if (reply.hang) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const send = () => {
        const text = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': reply.text !== undefined ? 'text/plain' : 'application/json', ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get script() {
      return state.script;
    },
    set script(s: Script) {
      state.script = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
