/**
 * The public API is what the entries' `.d.ts` export and everything those
 * declarations mention, followed through every type reference. None of it may
 * be the machinery: the runtime closures run on, the checked tree, the
 * implementation behind `Compiled`, builtin implementations and their hooks.
 * Read from the built package that users install (`npm run build` first).
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const at = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Names of every declaration reachable from the entry's exports. */
function reachableDeclarations(entry: string): Set<string> {
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`no ${entry}`);
  const module = checker.getSymbolAtLocation(source)!;
  const seen = new Set<ts.Declaration>();
  const names = new Set<string>();
  const visitSymbol = (symbol: ts.Symbol | undefined): void => {
    if (!symbol) return;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const d of target.declarations ?? []) {
      // Only the package's own declarations: the standard library and dependencies are not its API.
      if (seen.has(d) || !d.getSourceFile().fileName.includes('/dist/')) continue;
      seen.add(d);
      names.add(target.name);
      const visit = (n: ts.Node): void => {
        if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n) || ts.isTypeQueryNode(n)) {
          const name = ts.isTypeReferenceNode(n) ? n.typeName : ts.isTypeQueryNode(n) ? n.exprName : n.expression;
          visitSymbol(checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name));
        }
        if (ts.isImportTypeNode(n) && n.qualifier) visitSymbol(checker.getSymbolAtLocation(ts.isQualifiedName(n.qualifier) ? n.qualifier.right : n.qualifier));
        // Private members are not API (a class's `private x` is emitted without its type).
        if ((ts.isPropertyDeclaration(n) || ts.isMethodDeclaration(n)) && n.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) return;
        ts.forEachChild(n, visit);
      };
      visit(d);
    }
  };
  for (const s of checker.getExportsOfModule(module)) visitSymbol(s);
  return names;
}

const MACHINERY = [
  'Runtime',
  'Checked',
  'Closure',
  'ResolvedCall',
  'EagerCall',
  'LazyCall',
  'CompiledExpression',
  'PipelineResult',
  'Overload',
  'BuiltinDecl',
  'EagerBuiltin',
  'LazyBuiltin',
  'LazyImpl',
  'CheckHookContext',
  'CompileHookContext',
  'Fault',
  'BareFault',
  'WorkerPool',
  'BatchRunOptions',
  'WorkerInit',
  'WorkerTask',
];

describe.each([
  ['@userfn/core', '../dist/index.d.ts'],
  ['@userfn/core/node', '../dist/node.d.ts'],
])('the public declarations of %s', (_, entry) => {
  const names = reachableDeclarations(at(entry));

  it('include the API users call', () => {
    for (const name of ['compile', 'Compiled', 'Analysis', 'BuiltinInfo', 'Signature', 'FunctionTable', 'RuleSet', 'Explanation'])
      expect(names, name).toContain(name);
  });

  it('mention none of the machinery', () => {
    expect(MACHINERY.filter((name) => names.has(name))).toEqual([]);
  });
});
