/**
 * The Neovim snippet of packages/userfn-lsp/README.md, as written, in a real
 * headless Neovim: it must give a `.userfn` file and a rule set the server's
 * diagnostics, through one client. CI installs Debian 12's Neovim (0.7.2, the
 * oldest the README promises to have been tried on) and sets
 * USERFN_REQUIRE_NVIM=1, so there a missing `nvim` fails the test; elsewhere
 * the test is skipped with that reason in its name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const version = nvim.status === 0 ? nvim.stdout.split('\n')[0] : undefined;
const required = process.env['USERFN_REQUIRE_NVIM'] === '1';

/** The ```lua block under "### Neovim" in the LSP package's README. */
function snippet(): string {
  const readme = readFileSync(join(root, 'packages/userfn-lsp/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Neovim'));
  const block = /```lua\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no ```lua block under ### Neovim in packages/userfn-lsp/README.md');
  return block[1]!;
}

/**
 * Run after the snippet: once Neovim has started, open each file, wait for
 * its diagnostics (30 s at most), print what it got as one JSON line, quit.
 * `nested`, so that the files opened here fire the snippet's autocommands.
 */
const REPORT = `
local function diagnostics_of(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, string.format('%d:%d %s', d.lnum + 1, d.col + 1, d.message))
  end
  return { filetype = vim.bo.filetype, diagnostics = out }
end
vim.api.nvim_create_autocmd('VimEnter', { nested = true, callback = function()
  local ok, result = pcall(function()
    local r = { expression = diagnostics_of(vim.env.UF_EXPRESSION), rules = diagnostics_of(vim.env.UF_RULES), clients = {} }
    for _, c in pairs(vim.lsp.get_active_clients()) do table.insert(r.clients, c.name) end
    return r
  end)
  io.stdout:write(vim.fn.json_encode(ok and result or { error = tostring(result) }) .. '\\n')
  vim.cmd('qa!')
end })
`;

const scratch = mkdtempSync(join(tmpdir(), 'userfn-nvim-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the Neovim snippet', () => {
  it('is a lua block that the README has', () => {
    expect(snippet()).toContain("cmd = { 'npx', 'userfn-lsp', '--stdio' }");
  });

  const name = version ? `starts userfn-lsp for a .userfn file and a rule set, one client (${version})` : 'starts userfn-lsp (skipped: no nvim on PATH)';
  it.skipIf(!version && !required)(name, () => {
    expect(version, 'nvim is not installed (sudo apt-get install neovim); USERFN_REQUIRE_NVIM=1 asks for it').toBeDefined();
    const expression = join(scratch, 'check.userfn');
    const rules = join(scratch, 'check.rules.json');
    writeFileSync(expression, "lenght(get('$.output.text')) > 0\n");
    writeFileSync(rules, '{\n  "rules": [\n    { "id": "a", "condition": "called(1)" }\n  ]\n}\n');
    writeFileSync(join(scratch, 'init.lua'), `${snippet()}\n${REPORT}`);
    // from the repository root, as the README's `npx userfn-lsp` expects
    const r = spawnSync('nvim', ['--headless', '-u', join(scratch, 'init.lua')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, UF_EXPRESSION: expression, UF_RULES: rules },
    });
    const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
    expect(line, `nvim printed:\n${r.stdout}\n${r.stderr}`).toBeDefined();
    expect(JSON.parse(line!)).toEqual({
      expression: { filetype: 'userfn', diagnostics: ["1:1 unknown function 'lenght'; did you mean 'length'?"] },
      rules: { filetype: 'json', diagnostics: ["3:39 argument 'name' of called must be string, got number\nhint: convert with to_string(x)"] },
      clients: ['userfn'],
    });
  });
});
