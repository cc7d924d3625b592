import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// Mantine's stylesheet per component (decision 0042): each component's class names live in its `X.module.mjs`, which
// every module styled with them imports. Importing `@mantine/core/styles/X.css` from there puts a component's styles in
// the chunk that holds its code, so a page loads the styles of the components it can show and no others; Rollup's
// module order puts a component's dependencies (UnstyledButton before Button) first, as Mantine's own order does.
const classNamesModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/** The folder of `@mantine/core/styles/*.css`. */
export const mantineStylesDir = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);

/** The stylesheet of a Mantine module, when it is a component's class names (`Button.module.mjs` → `Button.css`). */
export function mantineStylesheetOf(id: string): string | null {
  const match = classNamesModule.exec(id);
  return match ? `${match[1]}.css` : null;
}

/** Imports each Mantine component's stylesheet from the module of its class names; a missing one fails the build. */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'switchboard-mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      const stylesheet = mantineStylesheetOf(id);
      if (stylesheet === null) return null;
      if (!existsSync(join(mantineStylesDir, stylesheet))) {
        this.error(`${id}: @mantine/core/styles/${stylesheet} is missing, so the component would have no styles`);
      }
      // One line before the code: the map only shifts by a line, and nothing maps into Mantine's own code here.
      return { code: `import '@mantine/core/styles/${stylesheet}';\n${code}`, map: { mappings: '' } };
    },
  };
}
