import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TABLE_OWNERS as OWNERS } from '../../src/database/table-owners';
import { SETTINGS_SCHEMA } from '../../src/config/config';
import { envExample, settingsTable, withSection } from '../../src/tools/docs';

const SRC = join(__dirname, '..', '..', 'src');
const MODULES = join(SRC, 'modules');

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

describe('architecture', () => {
  it('tests every module in a folder of its own, or says in docs/architecture.md where', () => {
    const doc = readFileSync(
      join(__dirname, '..', '..', '..', '..', 'docs', 'architecture.md'),
      'utf8',
    );
    const section = doc.slice(doc.indexOf('### where tests go'), doc.indexOf('### a table'));
    const named = new Set([...section.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]));
    const TEST = join(__dirname, '..');
    const untested = readdirSync(MODULES).filter(
      (name) => !readdirSync(TEST).includes(name) && !named.has(name),
    );
    expect(untested).toEqual([]);
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

  it('lets no module name a table another module owns', () => {
    const owners = new Set(Object.values(OWNERS));
    const modules = readdirSync(MODULES);
    for (const owner of owners) expect(modules).toContain(owner);
    const trespasses: string[] = [];
    for (const module of modules) {
      for (const file of files(join(MODULES, module))) {
        for (const table of tablesNamedIn(readFileSync(file, 'utf8'))) {
          if (OWNERS[table] !== module)
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
    for (const file of files(MODULES).filter((f) => f.endsWith('.module.ts'))) {
      const list = /exports:\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      for (const name of list.split(',').map((n) => n.trim())) {
        if (name.endsWith('Repository')) exported.push(`${relative(SRC, file)} exports ${name}`);
      }
    }
    expect(exported).toEqual([]);
  });

  it('lets controllers call services, never a repository', () => {
    const direct = files(MODULES)
      .filter((file) => file.endsWith('.controller.ts'))
      .filter((file) => /from '\.{1,2}\/[^']*\.repository'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(direct).toEqual([]);
  });
});
