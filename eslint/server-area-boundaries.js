import path from 'node:path';

const SRC = 'apps/server/src/';

/**
 * Where a path inside apps/server/src/ (no extension) belongs: the area `modules/<area>/…` or
 * `<folder>/…` is in, 'infrastructure' for a folder every area may use, 'composition' for the
 * files at the top of src/ (app.ts wires the areas) and the folders listed as composition.
 */
function placeOf(inside, { infrastructure, composition }) {
  const parts = inside.split('/');
  if (parts.length === 1) return { kind: 'composition' };
  if (parts[0] === 'modules') return parts.length > 2 ? { kind: 'area', area: `modules/${parts[1]}` } : { kind: 'composition' };
  if (infrastructure.includes(parts[0])) return { kind: 'infrastructure' };
  if (composition.includes(parts[0])) return { kind: 'composition', area: parts[0] };
  return { kind: 'area', area: parts[0] };
}

/**
 * Server areas do not import each other's internals (docs/architecture.md): a file of an area
 * (`modules/<area>/`, or a folder of src/ such as media/ or web/) may import from another area
 * only the files listed in the rule's `public` option, as paths inside apps/server/src/ without
 * their extension ('modules/accounts/session-plugin'). Any file may import the `infrastructure`
 * folders (db/, http/, ops/) and the files at the top of src/. The composition root (app.ts and
 * the other files at the top of src/, and the `composition` folders) wires the areas together
 * and may import any file; no area imports a composition folder's files. Relative imports are
 * resolved before the check; type imports count as imports.
 */
export const serverAreaBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          public: { type: 'array', items: { type: 'string' } },
          infrastructure: { type: 'array', items: { type: 'string' } },
          composition: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{target}}' is inside the {{area}} area: import what it offers to other areas (SERVER_AREA_PUBLIC in eslint.config.js), or have app.ts hand it over",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith(SRC)) return {};
    const options = { public: [], infrastructure: [], composition: [], ...context.options[0] };
    const own = placeOf(file.slice(SRC.length).replace(/\.[cm]?[jt]sx?$/, ''), options);
    if (own.kind === 'composition') return {};
    const offered = new Set(options.public);
    const check = (source) => {
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (!target.startsWith(SRC)) return;
      const inside = target.slice(SRC.length).replace(/\.[cm]?[jt]sx?$/, '');
      const place = placeOf(inside, options);
      if (!place.area || place.area === own.area) return;
      if (place.kind === 'area' && offered.has(inside)) return;
      context.report({ node: source, messageId: 'internal', data: { target: inside, area: place.area } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
