/**
 * The server's layers (docs/architecture.md): each layer imports only from layers below it,
 * and no two folders import each other, even through `import type`. `npm run lint` runs this
 * (`npm run lint:layers`); tests/build/layers.test.ts shows it refusing a violation.
 *
 * Layers, lowest first. Within a layer folders may import each other, but never in a cycle.
 */
const LAYERS = [
  {
    name: 'foundation',
    paths: [
      '^domain/',
      '^openapi/',
      '^server/analytics/',
      '^server/sim/',
      '^server/threads/',
      '^server/calibration/',
      '^server/codec/',
      '^server/integrations/',
      '^server/(project-paths|http-error|worker-entry|contract|contract-types)\\.ts$',
    ],
  },
  { name: 'config', paths: ['^server/config/'] },
  { name: 'db', paths: ['^server/db/'] },
  { name: 'readings and ops', paths: ['^server/readings/', '^server/ops/'] },
  { name: 'repositories', paths: ['^server/repositories/'] },
  {
    name: 'areas',
    paths: [
      '^server/(services|audit|ingest|import|alerts|inspections|maintenance|fatigue|analysis|report)/',
    ],
  },
  { name: 'http', paths: ['^server/(routes|http|plugins)/'] },
  { name: 'composition', paths: ['^server/(app|services)\\.ts$', '^server/(demo|seed)/'] },
  { name: 'entry points', paths: ['^server/(main|migrate-cli|import-cli)\\.ts$'] },
];

const upward = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name.replace(/ /g, '-')}`,
  comment: `The ${layer.name} layer imports only from layers below it (docs/architecture.md).`,
  severity: 'error',
  from: { path: layer.paths },
  to: { path: LAYERS.slice(index + 1).flatMap((higher) => higher.paths) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-folder-cycles',
      comment: 'Two folders never import each other, directly or around a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'No import cycle between files, type-only imports included.',
      severity: 'error',
      from: { path: '^(server|domain|machines)/' },
      to: { circular: true },
    },
    {
      name: 'http-through-repositories',
      comment: 'Routes reach data through repositories and services, never the database or schema.',
      severity: 'error',
      from: { path: '^server/(routes|http|plugins)/' },
      to: { path: '^server/db/' },
    },
    {
      name: 'server-not-on-spa',
      comment: 'The server shares only domain/ with the SPA.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
