import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

const NO_JSON_SCHEMA = '\0zod-without-json-schema:';

/**
 * Zod's classic schemas import its JSON Schema converter so that every schema has
 * `.toJSONSchema()`: weight on every page (decision 015), for a method only the server's OpenAPI
 * document calls. In the browser those two modules are replaced by functions that say so when
 * called.
 */
/**
 * Mantine's ScrollArea takes one small hook from @floating-ui/react; the chunk holding that
 * module holds all of it (what popovers use), so it is given Mantine's own equivalent instead.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const replacement = fileURLToPath(new URL('./src/client/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      const isScrollArea = /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer ?? '');
      return isScrollArea && source === '@floating-ui/react' ? replacement : null;
    },
  };
}

/** What goes into the 'mantine-inputs' chunk (see its group below). */
const MANTINE_INPUTS = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Input|InputBase|TextInput|Checkbox|ActionIcon)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]utils[\/](InlineInput|InputsGroupFieldset)[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]core[\/](styles-api[\/]use-resolved-styles-api|MantineProvider[\/]color-functions[\/]get-auto-contrast-value)[\/]`,
    String.raw`@mantine[\/]hooks[\/]esm[\/](use-id|use-uncontrolled|use-merged-ref)[\/]`,
  ].join('|'),
);

const APP_SHELL_PART = /[\\/]AppShell[\\/]AppShell(Header|Footer|Aside|Navbar)[\\/]/;
const APP_SHELL_REMOVE_SCROLL = '\0app-shell-remove-scroll';
const APP_SHELL_NO_RESIZE = '\0app-shell-no-resize';

/**
 * Two things every signed-in page carried through Mantine's AppShell and never used: its header
 * reads two class names from react-remove-scroll, whose module brings the whole scroll lock of the
 * dialogs; each section renders a resize handle, null unless the shell is `resizable`, which ours
 * is not (their weight: decision 015). The class names come from their own constants module
 * instead, and the handle is the null it renders.
 */
function appShellWithoutUnusedParts(): Plugin {
  return {
    name: 'app-shell-without-unused-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!APP_SHELL_PART.test(importer ?? '')) return null;
      if (source === 'react-remove-scroll') return APP_SHELL_REMOVE_SCROLL;
      if (source.endsWith('/AppShellResizeHandle.mjs')) return APP_SHELL_NO_RESIZE;
      return null;
    },
    load(id) {
      if (id === APP_SHELL_REMOVE_SCROLL) {
        return [
          "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
          'export const RemoveScroll = {',
          '  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },',
          '};',
        ].join('\n');
      }
      if (id === APP_SHELL_NO_RESIZE)
        return 'export function AppShellResizeHandle() { return null; }';
      return null;
    },
  };
}

const UNUSED_PART = '\0mantine-unused-part:';
const UNUSED_STEP = '\0mantine-unused-step:';

/**
 * Per Mantine component file, the parts it hangs on itself that the app never draws (`step`: a
 * function it always calls whose work is for such a part, given as one that does nothing).
 */
const UNUSED_PARTS: { importer: RegExp; parts: RegExp; step?: true }[] = [
  // `Checkbox.Card`, `Checkbox.Indicator` (Checkbox.Group, the plan page's, stays).
  {
    importer: /[\\/]Checkbox[\\/]Checkbox\.mjs$/,
    parts: /\/(CheckboxCard|CheckboxIndicator)\.mjs$/,
  },
  // `ActionIcon.Group`, `ActionIcon.GroupSection`.
  {
    importer: /[\\/]ActionIcon[\\/]ActionIcon\.mjs$/,
    parts: /\/(ActionIconGroup|ActionIconGroupSection)\.mjs$/,
  },
  // A NavLink's nested links (their Collapse and chevron): the area's links have none.
  {
    importer: /[\\/]NavLink[\\/]NavLink\.mjs$/,
    parts: /\/(Collapse|AccordionChevron)\.mjs$/,
  },
  // `Radio.Card`, `Radio.Indicator`: the plan cards import RadioCard and RadioIndicator by name.
  {
    importer: /[\\/]Radio[\\/]Radio\.mjs$/,
    parts: /\/(RadioCard|RadioIndicator)\.mjs$/,
  },
  // The shell's aside and footer (the areas have a header and a navbar only), and the CSS
  // variables the shell computes for them on every render (nothing when there are none).
  {
    importer: /[\\/]AppShell[\\/]AppShell\.mjs$/,
    parts: /\/(AppShellAside|AppShellFooter)\.mjs$/,
  },
  // `Input.ClearButton` (with CloseButton) on every input: the combobox's clear button, its one
  // user, imports it itself (COMBOBOX_CLEAR_BUTTON below).
  {
    importer: /[\\/]Input[\\/]Input\.mjs$/,
    parts: /\/(InputClearButton)\.mjs$/,
  },
  {
    importer: /[\\/]AppShellMediaStyles[\\/]get-variables[\\/]get-variables\.mjs$/,
    parts: /\/(assign-aside-variables|assign-footer-variables)\.mjs$/,
    step: true,
  },
];

/** The clear button of a clearable Select or MultiSelect, given Input's clear button by name. */
const COMBOBOX_CLEAR_BUTTON = {
  id: /[\\/]Combobox[\\/]ComboboxClearButton[\\/]ComboboxClearButton\.mjs$/,
  from: 'import { Input } from "../../Input/Input.mjs";',
  to: 'import { InputClearButton } from "../../Input/InputClearButton/InputClearButton.mjs";',
};

/**
 * Mantine's compound components hang their parts on themselves (`Checkbox.Card`,
 * `ActionIcon.Group`) and NavLink brings what nested links need, so every page with a checkbox
 * (sign-in's 'Remember me'), an icon button or the area's links downloads parts the app never
 * draws (0.8 KB gzip on sign-in, 1.6 KB more on each signed-in page). Here they are components that throw,
 * saying why, if one is ever drawn.
 */
function mantineWithoutUnusedParts(): Plugin {
  return {
    name: 'mantine-without-unused-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const rule = UNUSED_PARTS.find((candidate) => candidate.importer.test(importer ?? ''));
      const part = rule?.parts.exec(source)?.[1];
      if (!part) return null;
      // The module's one export, named as its file (`assign-aside-variables` → assignAsideVariables).
      const name = part.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      return (rule.step ? UNUSED_STEP : UNUSED_PART) + name;
    },
    transform(code, id) {
      if (!COMBOBOX_CLEAR_BUTTON.id.test(id)) return null;
      if (!code.includes(COMBOBOX_CLEAR_BUTTON.from)) {
        throw new Error(`${id} no longer imports Input as vite.config.ts expects`);
      }
      return code
        .replace(COMBOBOX_CLEAR_BUTTON.from, COMBOBOX_CLEAR_BUTTON.to)
        .replaceAll('Input.ClearButton', 'InputClearButton');
    },
    load(id) {
      if (id.startsWith(UNUSED_STEP)) return `export function ${id.slice(UNUSED_STEP.length)}() {}`;
      if (!id.startsWith(UNUSED_PART)) return null;
      const part = id.slice(UNUSED_PART.length);
      return [
        `export function ${part}() {`,
        `  throw new Error('Mantine\\'s ${part} is left out of the build (vite.config.ts)');`,
        '}',
      ].join('\n');
    },
  };
}

function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/zod/v4/classic/')) return null;
      if (!/\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return null;
      return NO_JSON_SCHEMA + new URL(source, `file://${importer}`).pathname;
    },
    load(id) {
      if (!id.startsWith(NO_JSON_SCHEMA)) return null;
      const source = readFileSync(id.slice(NO_JSON_SCHEMA.length), 'utf8');
      const names = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].flatMap((m) =>
        m[1] ? [m[1]] : [],
      );
      return [
        "const unavailable = () => { throw new Error('No JSON Schema in the browser build'); };",
        // `create…Method` builds a method (schema['~standard'].jsonSchema): it returns one.
        ...names.map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ].join('\n');
    },
  };
}

export default defineConfig({
  root: 'src/client',
  // Names the build in what the app keeps on the device (src/client/lib/query-persistence.ts):
  // answers kept by another build are not shown, their shapes may have changed.
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  plugins: [
    zodWithoutJsonSchema(),
    scrollAreaWithoutFloatingUi(),
    appShellWithoutUnusedParts(),
    mantineWithoutUnusedParts(),
    react(),
    // The installable app and its service worker (src/client/sw.ts; decision 023). It is
    // registered by app/pwa.ts, after the page has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Fieldwork Tracker',
        short_name: 'Fieldwork',
        description: 'Log supervised fieldwork hours for BCBA certification, even offline.',
        start_url: '/student/logHour',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b6e79',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        // The app shell and every lazy chunk (so a lazy page opens offline); not the brotli and
        // gzip copies beside them, nor the build manifest in .vite.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // scripts/bundle-budget.ts weighs each page's first screen from it (never served: a dot folder).
    manifest: true,
    // Every browser the app supports has modulepreload (Safari since 17): no polyfill to send.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Hashes only: every chunk names the chunks it imports (and the entry every lazy page's
        // files, to preload them), so a module's name in each file name weighs on every first
        // screen (decision 015). The manifest still maps each source module to its file.
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              // The libraries every page starts with, in one file whose name changes only with
              // the dependencies: a new release of the app leaves it in the browser's cache.
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
            },
            {
              // Mantine's text inputs, checkbox and action icon with the helpers they share:
              // split by importer, they came as a dozen small files that sign-in preloads and a
              // throttled browser waits for. In one file, sign-in's first screen has half the
              // files and is working sooner; every signed-in first screen has fewer files, a few
              // carry the group's unused part (figures: bench/RESULTS.md, decision 015, seventh
              // pass). PasswordInput stays out: only the account pages use it.
              name: 'mantine-inputs',
              test: MANTINE_INPUTS,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/users': 'http://localhost:3000',
      '/modules': 'http://localhost:3000',
    },
  },
});
