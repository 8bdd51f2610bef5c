// The baseline the app is measured against: a bare Fastify server on the same database, through a pg Pool
// of the same size as the app's (DB_POOL_SIZE, default 20), with none of the app's layers (no session,
// CSRF, validation, helmet, logging or ORM).
//   GET  /me?id=<uuid>          one row of users read by primary key
//   POST /transfer {from, to, cents}  the raw five-statement transfer transaction on the real ledger tables:
//        BEGIN; lock both accounts in id order; insert the ledger transaction; insert its two entries; COMMIT.
//        The database's triggers apply the balances and check the sum at commit, as for the app.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 20) });
pool.on('error', () => {});
const app = Fastify({ logger: false });

app.get('/me', async (req) => {
  const { rows } = await pool.query('select id, full_name, email, phone, role, created_at from users where id = $1', [req.query.id]);
  return { success: true, user: rows[0] ?? null };
});

app.post('/transfer', async (req, reply) => {
  const { from, to, cents } = req.body;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      'select id, user_id, balance_cents from ledger_accounts where user_id = any($1::uuid[]) order by id for update',
      [[from, to]],
    );
    const sender = rows.find((r) => r.user_id === from);
    const recipient = rows.find((r) => r.user_id === to);
    if (!sender || !recipient || Number(sender.balance_cents) < cents) {
      await client.query('rollback');
      return reply.status(400).send({ success: false });
    }
    const { rows: tx } = await client.query(
      `insert into ledger_transactions (kind, event_key, actor_id, memo) values ('transfer', $1, $2, $3) returning id`,
      [`transfer:${randomUUID()}`, from, { fromUserId: from, toUserId: to }],
    );
    await client.query('insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3), ($1, $4, $5)', [
      tx[0].id,
      sender.id,
      -cents,
      recipient.id,
      cents,
    ]);
    await client.query('commit');
    return { success: true };
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
