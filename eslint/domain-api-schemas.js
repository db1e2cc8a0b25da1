import path from 'node:path';

const DOMAIN = 'packages/domain/src/';

const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/**
 * A domain `-api.ts` file holds the API's zod schemas and their inferred types, nothing else that
 * runs (docs/architecture.md): a rule the schemas or the areas use lives in the area's
 * `<topic>.ts`, which the `-api.ts` file may import. Refused: an exported function (a declaration,
 * or a const holding an arrow or function expression, or a local function named in an export
 * list), `export *`, and a value re-exported from a file that is not an `-api.ts` file (types
 * may be re-exported).
 */
export const domainApiSchemas = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      fn: "'{{name}}' is a function: an -api.ts file holds zod schemas and their types; put the rule in the area's <topic>.ts (docs/architecture.md)",
      all: "export * from '{{source}}': name the schemas an -api.ts file offers, and import a rule from its own file",
      reexport:
        "'{{name}}' is re-exported from '{{source}}', which is not an -api.ts file: import it from there where it is used (docs/architecture.md)",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith(DOMAIN) || !file.endsWith('-api.ts')) return {};
    const localFunctions = new Set();
    const listed = [];
    const isApi = (source) => /-api(\.ts)?$/.test(source);
    return {
      'Program > FunctionDeclaration': (node) => node.id && localFunctions.add(node.id.name),
      'Program > VariableDeclaration > VariableDeclarator': (node) => {
        if (node.id.type === 'Identifier' && isFunction(node.init)) localFunctions.add(node.id.name);
      },
      ExportNamedDeclaration(node) {
        const declaration = node.declaration;
        if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'TSDeclareFunction') {
          context.report({ node: declaration, messageId: 'fn', data: { name: declaration.id?.name ?? 'default' } });
        } else if (declaration?.type === 'VariableDeclaration') {
          for (const d of declaration.declarations)
            if (isFunction(d.init)) context.report({ node: d, messageId: 'fn', data: { name: d.id.name ?? '?' } });
        }
        if (node.exportKind === 'type') return;
        for (const specifier of node.specifiers ?? []) {
          if (specifier.exportKind === 'type') continue;
          const name = specifier.local.name ?? specifier.local.value;
          if (node.source && !isApi(node.source.value))
            context.report({ node: specifier, messageId: 'reexport', data: { name, source: node.source.value } });
          else if (!node.source) listed.push([specifier, name]);
        }
      },
      ExportAllDeclaration(node) {
        if (node.exportKind === 'type') return;
        context.report({ node, messageId: 'all', data: { source: node.source.value } });
      },
      'Program:exit'() {
        for (const [specifier, name] of listed)
          if (localFunctions.has(name)) context.report({ node: specifier, messageId: 'fn', data: { name } });
      },
    };
  },
};
