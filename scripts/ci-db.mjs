// For .ci/run: `check` exits 0 when PostgreSQL answers at ADMIN_URL; `create NAME` and
// `drop NAME` make and remove the run's own database (and any left from it by the tests).
import pg from 'pg';

const adminUrl = process.env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, name] = process.argv.slice(2);
if (command !== 'check' && !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: ci-db.mjs check | create NAME | drop NAME');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  if (command === 'create') await client.query(`create database ${name}`);
  if (command === 'drop') {
    // The run's database and those the tests made from it (NAME_xxxx), should any be left.
    const { rows } = await client.query(
      `select datname from pg_database where datname = $1 or datname like $1 || '\\_%'`,
      [name],
    );
    for (const row of rows)
      await client.query(`drop database if exists "${row.datname}" with (force)`);
  }
} catch (err) {
  if (command !== 'check') console.error(err.message);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
