// An ESLint rule that reports TypeScript's own errors for each file, from the program the type-aware rules already
// built (typescript-eslint's project service over tsconfig.json), so `npm test` does not build that program twice.
import ts from 'typescript';

/** The programs whose errors about the whole program (its options, the global types) were reported, on their first file. */
const reported = new WeakSet();

/** @type {import('eslint').Rule.RuleModule} */
const diagnostics = {
  meta: { type: 'problem', docs: { description: "TypeScript's errors, as `tsc --noEmit -p .` reports them" }, schema: [] },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program) return {};
    return {
      Program(node) {
        const file = program.getSourceFile(context.physicalFilename);
        if (!file) return;
        const whole = reported.has(program) ? [] : [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
        reported.add(program);
        for (const diagnostic of [...whole, ...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
          const start = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
          const end = file.getLineAndCharacterOfPosition((diagnostic.start ?? 0) + (diagnostic.length ?? 0));
          context.report({
            node,
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
          });
        }
      },
    };
  },
};

export const typescriptPlugin = { rules: { diagnostics } };
