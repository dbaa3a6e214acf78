import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const require = createRequire(import.meta.url);
const ENTRY_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'src', 'main.tsx');
const ANTD_ES = join(dirname(require.resolve('antd/package.json')), 'es');
const ANTD_COLOR_PRESETS = join(ANTD_ES, 'color-picker', 'components', 'ColorPresets.js');

const ANTD_IS_BRIGHT = '\0antd-is-bright';
/** antd 6.6's `isBright` (color-picker/components/ColorPresets.js); the build stops if antd's copy changes. */
const IS_BRIGHT_SOURCE = `export const isBright = (value, bgColorToken) => {
  const {
    r,
    g,
    b,
    a
  } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;

const normalise = (code: string) => code.replace(/\s+/g, ' ').trim();
const posix = (path: string) => path.replaceAll('\\', '/');

/**
 * antd's button and tag styles import `isBright` from the colour picker's presets panel, and antd's
 * colour helpers import `Color` through the rc colour picker's index. Both modules also pull in the
 * whole picker and antd's Collapse. Once a screen uses `ColorPicker` those are part of the build,
 * and since the button style is loaded by every page they landed in the chunks /login loads
 * (about 6 kB gzip). The styles get a copy of `isBright`, the helpers import `Color` from its own
 * module; the colour picker itself still uses antd's modules.
 */
function antdStylesWithoutColorPicker(): Plugin {
  return {
    name: 'antd-styles-without-color-picker',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined) return null;
      const from = posix(importer);
      if (
        source === '../../color-picker/components/ColorPresets' &&
        /\/antd\/es\/(button|tag)\/style\/[a-z]+\.js$/.test(from)
      ) {
        return ANTD_IS_BRIGHT;
      }
      if (source === '@rc-component/color-picker' && /\/antd\/es\/color-picker\/(color|util)\.js$/.test(from)) {
        return this.resolve('@rc-component/color-picker/es/color', importer, { skipSelf: true });
      }
      return null;
    },
    load(id) {
      if (id !== ANTD_IS_BRIGHT) return null;
      if (!normalise(readFileSync(ANTD_COLOR_PRESETS, 'utf8')).includes(normalise(IS_BRIGHT_SOURCE))) {
        this.error(`isBright changed in ${ANTD_COLOR_PRESETS}: update IS_BRIGHT_SOURCE in vite.config.ts`);
      }
      return `import { Color as RcColor } from '@rc-component/color-picker/es/color';\n${IS_BRIGHT_SOURCE}\n`;
    },
  };
}

/**
 * antd components whose code goes into one chunk per group. By default every module sits in a
 * chunk per set of screens that share it, so as screens were added the sign-in page came to load
 * some twenty small antd chunks, each compressed on its own and referring to the others through
 * imports and exports instead of minified local names. `antd-base` is what every page renders
 * (the layouts' ConfigProvider and buttons); `antd-form` is the sign-in form, which most staff
 * screens use as well.
 */
const ANTD_GROUPS: [name: string, components: string[]][] = [
  ['antd-base', ['config-provider', 'button']],
  ['antd-form', ['form', 'input', 'alert']],
];

const isUiPackage = (id: string) => /[\\/]node_modules[\\/](antd|@ant-design|@rc-component)[\\/]/.test(id);

/**
 * Modules reachable from `roots` through static imports, not entering `skip`. A root no module
 * imports (a component nobody uses any more) is not in the graph and adds nothing.
 */
function staticClosure(ctx: Rolldown.ChunkingContext, roots: string[], skip: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || skip(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/**
 * Chunk of each grouped module: `vendor` for the packages the entry loads anyway (React, router,
 * i18next, TanStack Query, zod...), then the antd groups. Each group is closed under static
 * imports apart from the groups before it, so no dependency has to be pulled in after the fact.
 */
function chunkGroups(ctx: Rolldown.ChunkingContext): Map<string, string> {
  if (!ctx.getModuleInfo(ENTRY_MODULE)) throw new Error(`Chunk groups: the entry is not ${ENTRY_MODULE}`);
  const plan = new Map<string, string>();
  const entry = staticClosure(ctx, [ENTRY_MODULE], isUiPackage);
  for (const id of entry) if (/[\\/]node_modules[\\/]/.test(id)) plan.set(id, 'vendor');
  const antdIndex = join(ANTD_ES, 'index.js');
  for (const [name, components] of ANTD_GROUPS) {
    const roots = components.map((component) => join(ANTD_ES, component, 'index.js'));
    // antd's own index would bring every component into the group.
    for (const id of staticClosure(ctx, roots, (id) => entry.has(id) || plan.has(id) || id === antdIndex)) {
      plan.set(id, name);
    }
  }
  return plan;
}

let plan: Map<string, string> | undefined;

/** The plan belongs to one module graph: a rebuild (watch mode) computes it again. */
function resetChunkGroups(): Plugin {
  return {
    name: 'reset-chunk-groups',
    apply: 'build',
    buildStart() {
      plan = undefined;
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), antdStylesWithoutColorPicker(), resetChunkGroups()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // antd alone is far above the default 500 kB warning when a screen pulls many components;
    // the bundle report enforces the real budget (JavaScript loaded by /login).
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The groups are already closed under imports; pulling dependencies in again would
              // move React into an antd chunk.
              includeDependenciesRecursively: false,
              name: (id, ctx) => {
                plan ??= chunkGroups(ctx);
                return plan.get(id) ?? null;
              },
            },
          ],
        },
      },
    },
  },
});
