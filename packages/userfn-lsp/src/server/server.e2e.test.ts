/** End to end: the real server over stdio, driven as an LSP client would. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LspClient } from '../test-support/lsp-client.js';

const clients: LspClient[] = [];
afterEach(async () => {
  // no server outlives its test
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'userfn-lsp-'));
  writeFileSync(join(dir, 'sample.json'), JSON.stringify({ output: { status: 'indexed', pages: 3 } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CAPS = {
  textDocument: { completion: { completionItem: { snippetSupport: true } }, hover: { contentFormat: ['markdown'] } },
  workspace: { configuration: true },
};

type InitResult = { capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } };

async function started(initializationOptions?: unknown, configuration: unknown = null): Promise<{ client: LspClient; init: InitResult }> {
  const client = LspClient.start();
  clients.push(client);
  client.configuration = configuration;
  const { result } = await client.request<InitResult>('initialize', {
    processId: process.pid,
    rootUri: `file://${dir}`,
    capabilities: CAPS,
    ...(initializationOptions !== undefined ? { initializationOptions } : {}),
  });
  client.notify('initialized', {});
  return { client, init: result };
}

function open(client: LspClient, uri: string, text: string, languageId = 'userfn'): void {
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
}

describe('userfn-lsp over stdio', () => {
  test('initialize announces every feature', async () => {
    const { init } = await started();
    const caps = init.capabilities;
    expect(caps.textDocumentSync).toEqual({ openClose: true, change: 2 });
    expect(caps.hoverProvider).toBe(true);
    expect(caps.documentFormattingProvider).toBe(true);
    expect(caps.completionProvider).toMatchObject({ triggerCharacters: expect.arrayContaining(['.', '[']) });
    expect(caps.signatureHelpProvider).toBeDefined();
    expect(caps.codeActionProvider).toBeDefined();
    expect((caps.semanticTokensProvider as { legend: { tokenTypes: string[] } }).legend.tokenTypes).toEqual([
      'keyword',
      'function',
      'string',
      'number',
      'operator',
      'comment',
    ]);
  });

  test("serverInfo and --version carry package.json's version (written nowhere else)", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const { init } = await started();
    expect(init.serverInfo).toEqual({ name: 'userfn-lsp', version });
    const bin = fileURLToPath(new URL('../../bin/userfn-lsp.mjs', import.meta.url));
    for (const flag of ['--version', '-v']) expect(execFileSync(process.execPath, [bin, flag], { encoding: 'utf8' })).toBe(`${version}\n`);
  });

  test('didOpen, didChange (incremental) and publishDiagnostics with versions', async () => {
    const { client } = await started();
    const uri = 'file:///w/check.userfn';
    open(client, uri, "lenght('abc') > 1");
    const first = await client.diagnostics(uri, 1);
    expect(first.map((d) => d.code)).toEqual(['UF2001']);
    expect(first[0]!.message).toBe("unknown function 'lenght'; did you mean 'length'?");
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } }, text: 'length' }],
    });
    expect(await client.diagnostics(uri, 2)).toEqual([]);
  });

  test('completion, hover, signature help, formatting, semantic tokens and code actions', async () => {
    const { client } = await started();
    const uri = 'file:///w/features.userfn';
    open(client, uri, "get('$.agent.')  ==  'x' and lenght('a') > 1");
    await client.diagnostics(uri, 1);
    const doc = { uri };

    const completion = await client.request<{ items: Array<{ label: string; textEdit: { newText: string } }> }>('textDocument/completion', {
      textDocument: doc,
      position: { line: 0, character: 13 },
    });
    expect(completion.result.items.map((i) => i.label)).toEqual(['key', 'name', 'description', 'metadata']);
    expect(completion.result.items[0]!.textEdit.newText).toBe('.key');

    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: doc, position: { line: 0, character: 1 } });
    expect(hover.result.contents.value).toContain('get(path: string) -> dyn');

    const sig = await client.request<{ activeParameter: number; signatures: unknown[] }>('textDocument/signatureHelp', {
      textDocument: doc,
      position: { line: 0, character: 4 },
    });
    expect(sig.result.signatures.length).toBe(2);
    expect(sig.result.activeParameter).toBe(0);

    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: doc });
    expect(tokens.result.data.length % 5).toBe(0);
    expect(tokens.result.data.slice(0, 5)).toEqual([0, 0, 3, 1, 1]);

    const actions = await client.request<Array<{ title: string }>>('textDocument/codeAction', {
      textDocument: doc,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 60 } },
      context: { diagnostics: [] },
    });
    expect(actions.result.map((a) => a.title)).toEqual(["Change to 'length'"]);

    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: "get( '$.agent.key' )==  'x'" }] });
    const edits = await client.request<Array<{ newText: string }>>('textDocument/formatting', {
      textDocument: doc,
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(edits.result.map((e) => e.newText)).toEqual(["get('$.agent.key') == 'x'"]);
  });

  test('a rule-set file: diagnostics inside its conditions, whatever the languageId', async () => {
    const { client } = await started();
    const uri = 'file:///w/checks.rules.json';
    open(client, uri, '{"rules": [{"id": "a", "condition": "get(\\"$.agent.key\\") != null", "mesage": "x"}]}', 'json');
    const ds = await client.diagnostics(uri, 1);
    expect(ds.map((d) => d.code)).toEqual(['UF1003', 'RS003']);
  });

  test('malformed messages, unknown methods: the server answers the next request', async () => {
    const { client } = await started();
    client.sendRaw('{this is not json');
    client.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: 42 } }));
    client.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'textDocument/hover', params: null }));
    client.sendRaw(JSON.stringify([1, 2, 3]));
    client.notify('$/unknownNotification', { a: 1 });
    const unknown = await client.request('userfn/noSuchMethod', {});
    expect(unknown.error?.code).toBe(-32601);
    const uri = 'file:///w/after.userfn';
    open(client, uri, 'true');
    expect(await client.diagnostics(uri, 1)).toEqual([]);
    const hover = await client.request('textDocument/hover', { textDocument: { uri: 'file:///never/opened.userfn' }, position: { line: 0, character: 0 } });
    expect(hover.error).toBeUndefined();
    expect(hover.result).toBeNull();
  });

  test('an initialize without its required capabilities is answered with an error, and a correct one then works', async () => {
    const client = LspClient.start();
    clients.push(client);
    const bad = await client.request('initialize', { processId: null, rootUri: null });
    expect(bad.error?.code).toBeDefined();
    const good = await client.request<{ capabilities: { hoverProvider: boolean } }>('initialize', { processId: null, rootUri: null, capabilities: {} });
    expect(good.result.capabilities.hoverProvider).toBe(true);
  });

  test('a broken header does not stop the server', async () => {
    const { client } = await started();
    client.sendBytes('Content-Type: nonsense\r\n\r\n');
    const uri = 'file:///w/header.userfn';
    open(client, uri, '1 +');
    const ds = await client.diagnostics(uri, 1);
    expect(ds.length).toBeGreaterThan(0);
  });

  test('edits faster than validation: only current versions are published, the last one is validated', async () => {
    const { client } = await started();
    const uri = 'file:///w/fast.userfn';
    open(client, uri, '');
    for (let v = 2; v <= 60; v++) {
      client.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text: v % 2 === 0 ? 'lenght(1)' : 'true' }] });
    }
    // the final version (60, even: an unknown function) is validated
    expect((await client.diagnostics(uri, 60)).map((d) => d.code)).toContain('UF2001');
    const published = client.received
      .filter((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri)
      .map((m) => (m.params as { version: number }).version);
    // versions only move forward (debouncing itself is tested with fake timers in validation-scheduler.test.ts)
    expect(published).toEqual([...published].sort((a, b) => a - b));
  });

  test('a 10 MB document gets a limit diagnostic and the server stays responsive', async () => {
    const { client } = await started();
    const uri = 'file:///w/huge.userfn';
    open(client, uri, `${'1 + '.repeat(2_500_000)}1`);
    const ds = await client.diagnostics(uri, 1);
    expect(ds.map((d) => d.code)).toEqual(['limit/document-too-large']);
    const completion = await client.request<{ items: unknown[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 5 } });
    expect(completion.result.items).toEqual([]);
    const small = 'file:///w/small.userfn';
    open(client, small, 'lenght(1)');
    expect((await client.diagnostics(small, 1)).map((d) => d.code)).toEqual(['UF2001']);
  });

  test('configuration: initializationOptions, then workspace/didChangeConfiguration (section userfn), with a sample file', async () => {
    const { client } = await started({ profile: 'reranker' });
    const uri = 'file:///w/score.userfn';
    open(client, uri, '1 + 1');
    expect(await client.diagnostics(uri, 1)).toEqual([]);
    client.notify('workspace/didChangeConfiguration', { settings: { userfn: { profile: 'verification', sampleContext: 'sample.json' } } });
    await client.waitForNext(
      're-validation after the configuration change',
      (m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri,
    );
    const last = client.received.filter((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri).at(-1)!;
    expect((last.params as { diagnostics: Array<{ code: string }> }).diagnostics.map((d) => d.code)).toEqual(['UF2006']);

    const rules = 'file:///w/sample.userfn';
    open(client, rules, "get('$.output.')");
    await client.diagnostics(rules, 1);
    const completion = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
      textDocument: { uri: rules },
      position: { line: 0, character: 14 },
    });
    expect(completion.result.items.map((i) => i.label)).toEqual(['text', 'refusal', 'status', 'pages']);
  });

  test('configuration pulled with workspace/configuration after initialized', async () => {
    const { client } = await started(undefined, { profile: 'reranker' });
    await client.waitFor('a configuration request', (m) => m.method === 'workspace/configuration');
    const uri = 'file:///w/pulled.userfn';
    open(client, uri, '1 + 1');
    // `1 + 1` is an error for the default profile and fine for reranker: wait for the clean publish
    const clean = await client.waitFor('diagnostics under the pulled profile', (m) => {
      const p = m.params as { uri?: string; diagnostics?: unknown[] } | undefined;
      return m.method === 'textDocument/publishDiagnostics' && p?.uri === uri && p.diagnostics?.length === 0;
    });
    expect(clean).toBeDefined();
  });

  test('a bad setting is reported to the user, and the server keeps its defaults', async () => {
    const { client } = await started({ profile: 'nope', contextSchema: 'missing.json' });
    const about = (text: string) => (m: { method?: string; params?: unknown }) =>
      m.method === 'window/showMessage' && (m.params as { message: string }).message.includes(text);
    expect(await client.waitFor('a warning about the profile', about("unknown profile 'nope'"))).toBeDefined();
    expect(await client.waitFor('a warning about the schema file', about('missing.json'))).toBeDefined();
    const uri = 'file:///w/defaults.userfn';
    open(client, uri, "get('$.agent.key') == 'a'");
    expect(await client.diagnostics(uri, 1)).toEqual([]);
  });

  test('didClose clears the diagnostics', async () => {
    const { client } = await started();
    const uri = 'file:///w/closed.userfn';
    open(client, uri, 'lenght(1)');
    await client.diagnostics(uri, 1);
    client.notify('textDocument/didClose', { textDocument: { uri } });
    const cleared = await client.waitFor(
      'cleared diagnostics',
      (m) =>
        m.method === 'textDocument/publishDiagnostics' &&
        (m.params as { uri: string; diagnostics: unknown[] }).uri === uri &&
        (m.params as { diagnostics: unknown[] }).diagnostics.length === 0,
    );
    expect(cleared).toBeDefined();
  });

  test('shutdown then exit ends the process with code 0', async () => {
    const { client } = await started();
    const shutdown = await client.request('shutdown');
    expect(shutdown.result).toBeNull();
    client.notify('exit');
    expect(await client.exited).toBe(0);
  });

  test('--help prints the usage and exits', async () => {
    const client = LspClient.start(['--help']);
    clients.push(client);
    expect(await client.exited).toBe(0);
  });
});
