import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { preProcessFile } from 'typescript';
import { TABLE_OWNERS as OWNERS } from '../../src/database/table-owners';
import { SETTINGS_SCHEMA } from '../../src/config/config';
import { envExample, settingsTable, withSection } from '../../src/tools/docs';

const SRC = join(__dirname, '..', '..', 'src');
const MODULES = join(SRC, 'modules');
const INFRA = join(SRC, 'infra');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Table names a piece of source code uses: in SQL, and as entities. */
export function tablesNamedIn(source: string): string[] {
  const names = new Set<string>();
  const sql = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES)\s+(?:public\.)?"?([a-z_][a-z0-9_]*)/g;
  const entity = /@Entity\(\s*'([a-z_][a-z0-9_]*)'/g;
  for (const pattern of [sql, entity]) {
    for (const match of source.matchAll(pattern)) names.add(match[1]);
  }
  return [...names].filter((name) => name in OWNERS);
}

/**
 * The folder an API source file belongs to, as the layers count them:
 * `modules/<m>` and `infra/<x>` one each, `common`, `config`, `database`,
 * `worker`, `seed`, `tools` one each, and a file at the root of src (main.ts,
 * app.module.ts, background-registry.ts...) its own: the composition roots.
 */
export function folderOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if ((parts[0] === 'modules' || parts[0] === 'infra') && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Folder → the folders its files import (relative imports, type-only and dynamic ones too). */
export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(SRC).filter((f) => f.endsWith('.ts'))) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const { fileName } of preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const to = folderOf(
        [`${target}.ts`, join(target, 'index.ts')].find((path) => existsSync(path)) ?? target,
      );
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The loops of a graph: its strongly connected parts of more than one node (Tarjan). */
export function loopsOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        part.push(member);
      } while (member !== node);
      if (part.length > 1) loops.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

/** The folder a table's owner names: `users` is modules/users, `infra/tron` is infra/tron. */
const ownerFolder = (owner: string) => (owner.includes('/') ? owner : `modules/${owner}`);

describe('architecture', () => {
  describe('the folders of apps/api/src (issue 42: an infrastructure floor)', () => {
    const graph = folderGraph();
    const edges = [...graph].flatMap(([from, tos]) => [...tos].map((to) => `${from} -> ${to}`));

    it('reads the imports (the checks below can fail)', () => {
      expect(edges).toContain('modules/deposits -> infra/jobs');
      expect(edges).toContain('background-registry.ts -> modules/deposits');
      expect(edges).toContain('worker -> background-registry.ts');
      expect(edges).toContain('worker.ts -> worker');
      expect(
        loopsOf(
          new Map([
            ['modules/a', new Set(['infra/b'])],
            ['infra/b', new Set(['modules/c'])],
            ['modules/c', new Set(['modules/a', 'common'])],
            ['common', new Set<string>()],
          ]),
        ),
      ).toEqual([['infra/b', 'modules/a', 'modules/c']]);
    });

    it('has no loop between folders', () => {
      expect(loopsOf(graph)).toEqual([]);
    });

    it('lets the floor (infra/) import no module and no composition root', () => {
      const upward = edges.filter(
        (edge) =>
          edge.startsWith('infra/') && !/ -> (infra\/|common$|config$|database$)/.test(edge),
      );
      expect(upward).toEqual([]);
    });

    it('lets common/, config/ and database/ import neither the floor nor a module', () => {
      const upward = edges.filter(
        (edge) =>
          /^(common|config|database) -> /.test(edge) && !/ -> (common|config|database)$/.test(edge),
      );
      expect(upward).toEqual([]);
    });

    it('keeps modules/ for the business: the infrastructure has its floor', () => {
      // modules/metrics stays: it is the scrape of the business (withdrawals, deposits, the
      // chain); infra/metrics is the registry every process counts into (docs/decisions.md).
      const floor = ['jobs', 'redis', 'tron', 'storage', 'events', 'idempotency', 'health'];
      expect(readdirSync(INFRA)).toEqual(expect.arrayContaining(floor));
      expect(readdirSync(MODULES).filter((name) => floor.includes(name))).toEqual([]);
    });
  });

  it('tests every module in a folder of its own, or says in docs/architecture.md where', () => {
    const doc = readFileSync(
      join(__dirname, '..', '..', '..', '..', 'docs', 'architecture.md'),
      'utf8',
    );
    const section = doc.slice(doc.indexOf('### where tests go'), doc.indexOf('### a table'));
    const named = new Set([...section.matchAll(/`([a-z/-]+)`/g)].map((match) => match[1]));
    const TEST = join(__dirname, '..');
    // modules/<m> is tested in test/<m>/, infra/<x> in test/infra/<x>/.
    const folders = [...readdirSync(MODULES), ...readdirSync(INFRA).map((name) => `infra/${name}`)];
    const untested = folders.filter((name) => !existsSync(join(TEST, name)) && !named.has(name));
    expect(untested).toEqual([]);
    // Every test folder mirrors a folder of src (or is the harness or the cross-cutting one).
    const testFolders = [
      ...readdirSync(TEST).filter((name) => name !== 'infra'),
      ...readdirSync(join(TEST, 'infra')).map((name) => `infra/${name}`),
    ];
    expect(
      testFolders.filter(
        (name) => !['support', 'cross-cutting'].includes(name) && !folders.includes(name),
      ),
    ).toEqual([]);
    // Every spec the section names exists.
    const specs = [...section.matchAll(/`(test\/[a-z0-9/-]+\.spec\.ts)`/g)].map((m) => m[1]);
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.filter((path) => !existsSync(join(TEST, '..', path)))).toEqual([]);
  });

  it('gives every table of the schema snapshot exactly one owner', () => {
    const schema = readFileSync(join(SRC, 'database', 'schema.sql'), 'utf8');
    const tables = [...schema.matchAll(/^CREATE TABLE public\.(\w+)/gm)].map((m) => m[1]).sort();
    expect(tables.length).toBeGreaterThan(0);
    expect(Object.keys(OWNERS).sort()).toEqual(tables);
  });

  it('finds table names in SQL and entities (the check below can fail)', () => {
    expect(
      tablesNamedIn(
        "SELECT 1 FROM users u JOIN ledger_accounts a ON true; INSERT INTO audit_log; @Entity('trailers')",
      ).sort(),
    ).toEqual(['audit_log', 'ledger_accounts', 'trailers', 'users']);
    expect(tablesNamedIn('the users of this module, user_id, balance')).toEqual([]);
  });

  it('lets no module (nor folder of the floor) name a table another one owns', () => {
    const owners = new Set(Object.values(OWNERS));
    const folders = [
      ...readdirSync(MODULES).map((name) => `modules/${name}`),
      ...readdirSync(INFRA).map((name) => `infra/${name}`),
    ];
    for (const owner of owners) expect(folders).toContain(ownerFolder(owner));
    const trespasses: string[] = [];
    for (const folder of folders) {
      for (const file of files(join(SRC, folder))) {
        for (const table of tablesNamedIn(readFileSync(file, 'utf8'))) {
          if (ownerFolder(OWNERS[table]) !== folder)
            trespasses.push(`${relative(SRC, file)} names ${table} (owned by ${OWNERS[table]})`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('documents every setting in .env.example and the README table (pnpm docs:sync)', () => {
    const names = Object.keys(SETTINGS_SCHEMA.shape);
    expect(names.length).toBeGreaterThan(80);
    const env = envExample();
    const table = settingsTable();
    const missing = names.filter(
      (name) => !new RegExp(`^(# )?${name}=`, 'm').test(env) || !table.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
    expect(() => withSection('no markers here', 'settings', 'x', 'README.md')).toThrow(/markers/);
    expect(withSection('a <!-- s:start --> old <!-- s:end --> b', 's', 'new', 'f')).toBe(
      'a <!-- s:start -->\n\nnew\n\n<!-- s:end --> b',
    );
  });

  it('keeps SQL in repositories (database/, seed/, tools/ and the ledger_post call aside)', () => {
    const sql = /\.query\(|createQueryBuilder\(|getRepository\(|\bpreparedQuery\s*(<[^>]*>)?\(/;
    const outside = files(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.repository.ts'))
      .filter((file) => !/^(database|seed|tools)\//.test(file))
      .filter((file) => {
        const source = readFileSync(join(SRC, file), 'utf8');
        // LedgerService calls the ledger's SQL function, ledger_post, as a prepared statement.
        if (file === join('modules', 'ledger', 'ledger.service.ts'))
          return /\.query\(|createQueryBuilder\(|getRepository\(/.test(source);
        return sql.test(source);
      });
    expect(outside).toEqual([]);
  });

  it('lets a module export its services, never its repository', () => {
    const exported: string[] = [];
    for (const file of [...files(MODULES), ...files(INFRA)].filter((f) =>
      f.endsWith('.module.ts'),
    )) {
      const list = /exports:\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      for (const name of list.split(',').map((n) => n.trim())) {
        if (name.endsWith('Repository')) exported.push(`${relative(SRC, file)} exports ${name}`);
      }
    }
    expect(exported).toEqual([]);
  });

  it('lets controllers call services, never a repository', () => {
    const direct = [...files(MODULES), ...files(INFRA)]
      .filter((file) => file.endsWith('.controller.ts'))
      .filter((file) => /from '\.{1,2}\/[^']*\.repository'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(direct).toEqual([]);
  });
});
