import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, importedNames, reachThroughBarrel } from '../../scripts/barrelReach';

describe('importedNames', () => {
  it('reads the value names a file imports from a package, renamed or not, and leaves type-only imports out', () => {
    const source = [
      "import { Dialog, DialogPanel as Panel, type DialogProps } from '@headlessui/react';",
      "import type { MenuProps } from '@headlessui/react';",
      'import {\n  Tab,\n  TabGroup,\n} from "@headlessui/react";',
      "import { Dialog as Other } from '@headlessui/reactive';",
    ].join('\n');
    expect(importedNames(source, '@headlessui/react')).toEqual(['Dialog', 'DialogPanel', 'Tab', 'TabGroup']);
  });
});

describe('exportedNames', () => {
  it('reads a built module’s export clause and its exported declarations, not its re-exports', () => {
    const source = "function a(){}const b=1;export{a as Dialog,b as DialogPanel,c};export function useClose(){}export{x as Y}from'./other.js';";
    expect(exportedNames(source).sort()).toEqual(['Dialog', 'DialogPanel', 'c', 'useClose']);
  });
});

describe('reachThroughBarrel', () => {
  it('enters the barrel only towards the modules that export a name our reached modules import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'barrel-'));
    const file = (name: string, text: string) => {
      const id = path.join(dir, name);
      writeFileSync(id, text);
      return id;
    };
    const app = file('app.ts', "import { Dialog } from '@headlessui/react';\nimport './page';");
    const page = file('page.ts', "import { Switch } from '@headlessui/react';");
    const list = file('list.ts', "import { Menu } from '@headlessui/react';");
    const barrel = path.join(dir, 'node_modules', 'ui', 'index.js');
    const dialog = file('dialog.js', 'export{d as Dialog};');
    const sw = file('switch.js', 'export{s as Switch};');
    const menu = file('menu.js', 'export{m as Menu};');
    const floating = file('floating.js', 'export{f as useFloating};');
    const edges: Record<string, string[]> = {
      [app]: [barrel, page],
      [page]: [barrel],
      [list]: [barrel],
      [barrel]: [dialog, sw, menu],
      [menu]: [floating],
      [dialog]: [],
      [sw]: [],
      [floating]: [],
    };
    const graph = { getModuleInfo: (id: string) => (edges[id] ? { importedIds: edges[id] } : null) };
    const spec = { specifier: '@headlessui/react', file: /node_modules[\\/]ui[\\/]index\.js$/ };
    expect([...reachThroughBarrel(graph, app, spec)].sort()).toEqual([app, dialog, page, sw].sort());
    expect([...reachThroughBarrel(graph, list, spec)].sort()).toEqual([floating, list, menu].sort());
  });
});
