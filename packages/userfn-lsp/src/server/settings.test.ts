import { describe, expect, test } from 'vitest';
import { toServiceConfig, uriToPath } from './settings.js';

const files: Record<string, string> = {
  '/ws/schema.json': '{"type": "object", "properties": {"score": {"type": "number"}}}',
  '/ws/sample.yaml': 'output:\n  status: ok\n',
  '/abs/sample.json': '{"a": 1}',
};
const readFile = (p: string): string => {
  const t = files[p];
  if (t === undefined) throw new Error('ENOENT: no such file');
  return t;
};

describe('settings', () => {
  test('objects pass through', () => {
    const { config, problems } = toServiceConfig(
      { profile: 'reranker', contextSchema: { type: 'object' }, sampleContext: { a: 1 } },
      { root: '/ws', readFile },
    );
    expect(problems).toEqual([]);
    expect(config).toEqual({ profile: 'reranker', contextSchema: { type: 'object' }, sampleContext: { a: 1 } });
  });

  test('file paths are read, relative to the workspace root, JSON or YAML', () => {
    const { config, problems } = toServiceConfig({ contextSchema: 'schema.json', sampleContext: 'sample.yaml' }, { root: '/ws', readFile });
    expect(problems).toEqual([]);
    expect(config.contextSchema).toEqual({ type: 'object', properties: { score: { type: 'number' } } });
    expect(config.sampleContext).toEqual({ output: { status: 'ok' } });
    expect(toServiceConfig({ sampleContext: '/abs/sample.json' }, { root: '/ws', readFile }).config.sampleContext).toEqual({ a: 1 });
  });

  test('problems: unreadable files, wrong shapes, no file system', () => {
    expect(toServiceConfig({ contextSchema: 'missing.json' }, { root: '/ws', readFile }).problems[0]).toContain("cannot read '/ws/missing.json'");
    expect(toServiceConfig({ contextSchema: 3 }, { root: '/ws', readFile }).problems[0]).toContain('contextSchema must be');
    expect(toServiceConfig({ profile: 3 }, { root: '/ws', readFile }).problems).toEqual(['profile must be a string']);
    expect(toServiceConfig({ sampleContext: 'sample.yaml' }, { root: '/ws', readFile: undefined }).problems[0]).toContain('cannot read files');
    expect(toServiceConfig('nonsense', { root: undefined, readFile }).config).toEqual({});
  });

  test('declared host functions get a stub implementation', () => {
    const { config } = toServiceConfig({ functions: { risk: { signatures: [{ params: ['string'], returns: 'number' }] } } }, { root: undefined, readFile });
    expect(typeof config.functions!.risk!.impl).toBe('function');
    expect(config.functions!.risk!.signatures).toEqual([{ params: ['string'], returns: 'number' }]);
  });

  test('file URIs to paths', () => {
    expect(uriToPath('file:///home/a%20b/ws')).toBe('/home/a b/ws');
    expect(uriToPath('file:///c%3A/ws')).toBe('c:/ws');
  });
});
