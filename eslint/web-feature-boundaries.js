import path from 'node:path';

const FEATURES = 'apps/web/app/features/';

/** The feature a repository path is in ('cart' for apps/web/app/features/cart/…), or null. */
function featureOf(file) {
  if (!file.startsWith(FEATURES)) return null;
  return file.slice(FEATURES.length).split('/')[0] ?? null;
}

/**
 * Web features do not import each other's internals (docs/architecture.md): a file under
 * `features/<x>/` may import from another feature only the files that feature offers to others,
 * listed in the rule's `public` option as paths inside `features/` without their extension
 * ('accounts/login-href'). Relative imports and the `~/` alias are resolved before the check.
 */
export const webFeatureBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { public: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      internal:
        "'{{target}}' is inside the {{feature}} feature: import what it offers to other features (the public list in eslint.config.js), or move the shared part to components/ or lib/",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const own = featureOf(file);
    if (!own) return {};
    const offered = new Set(context.options[0]?.public ?? []);
    const check = (source) => {
      const spec = source?.value;
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      else if (spec.startsWith('~/')) target = `apps/web/app/${spec.slice(2)}`;
      else return;
      const feature = featureOf(target);
      if (!feature || feature === own) return;
      const inside = target.slice(FEATURES.length).replace(/\.(tsx?|jsx?)$/, '');
      if (!offered.has(inside)) context.report({ node: source, messageId: 'internal', data: { target: inside, feature } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
