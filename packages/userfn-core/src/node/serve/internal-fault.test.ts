import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from '../../rules/load.js';
import type { RuleSet } from '../../rules/types.js';
import { createVerifyService } from './server.js';

function call(port: number, method: string, path: string, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: body !== undefined ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('createVerifyService on an internal fault', () => {
  it('answers 500 with a JSON error, logs the fault, and keeps serving', async () => {
    const good = loadRuleSet({ rules: [{ id: 'a', condition: "get('$.output') != null" }] });
    // A rule set whose rule list breaks when verify walks it: a fault of ours, not of the request.
    const broken = {
      ...good,
      rules: new Proxy(good.rules as RuleSet['rules'] & object, {
        get: () => {
          throw new Error('boom');
        },
      }),
    } as RuleSet;
    const logs: string[] = [];
    const service = createVerifyService({ ruleSet: broken, log: (l) => logs.push(l) });
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    const port = (service.server.address() as AddressInfo).port;
    try {
      const r = await call(port, 'POST', '/verify-context', '{"output": 1}');
      expect(r).toEqual({ status: 500, body: { error: { code: 'internal', message: 'internal error' } } });
      expect(logs.join('\n')).toContain('internal error on POST /verify-context');
      expect(logs.join('\n')).toContain('boom');
      service.setRuleSet(good);
      expect(await call(port, 'POST', '/verify-context', '{"output": 1}')).toMatchObject({ status: 200, body: { passed: true, score: 1 } });
    } finally {
      await service.drain();
    }
  });
});
