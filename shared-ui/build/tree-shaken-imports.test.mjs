import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TREE_SHAKEN_EXPORTS } from '../federation.mjs';
import { findUnlistedImports } from './tree-shaken-imports.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LISTS = { 'react-router-dom': ['Link', 'useParams'] };

function sources(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tree-shaken-imports-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('imports of tree-shaken shared libraries', () => {
  it('every app and shared-ui import only exports the shell provides', () => {
    const dirs = ['shell', 'customer-mfe', 'admin-mfe', 'debug-mfe', 'shared-ui'].map((app) => path.join(repo, app, 'src'));
    expect(findUnlistedImports(dirs, TREE_SHAKEN_EXPORTS)).toEqual([]);
  });

  it('accepts listed names, aliases, type-only imports, and tests', () => {
    const dir = sources({
      'a.tsx': "import { Link, useParams as params, type LinkProps } from 'react-router-dom';\nimport type { To } from 'react-router-dom';",
      'b.ts': "import {\n  Link,\n  useParams,\n} from 'react-router-dom';\nimport { useQuery } from '@tanstack/react-query';",
      'c.test.tsx': "import { MemoryRouter } from 'react-router-dom';",
    });
    expect(findUnlistedImports([dir], LISTS)).toEqual([]);
  });

  it('reports an unlisted name, a re-export, a default, namespace or dynamic import, with the file', () => {
    const dir = sources({
      'pages/a.tsx': "import { Link, useMatch } from 'react-router-dom';",
      'b.ts': "export { Form } from 'react-router-dom';",
      'c.ts': "import * as router from 'react-router-dom';",
      'd.ts': "import router, { Link } from 'react-router-dom';",
      'e.ts': "const router = await import('react-router-dom');",
    });
    const found = findUnlistedImports([dir], LISTS).map(({ file, name }) => `${path.relative(dir, file)}:${name}`);
    expect(found.sort()).toEqual(['b.ts:Form', 'c.ts:*', 'd.ts:*', 'e.ts:*', 'pages/a.tsx:useMatch']);
  });
});
