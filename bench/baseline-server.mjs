// The baseline the app is measured against: a bare Fastify server on the same database, through a pg Pool
// of the same size as the app's (DB_POOL_SIZE, default 20), with none of the app's layers (no session,
// CSRF, validation, helmet, logging or ORM).
//   GET  /me?id=<uuid>          one row of users read by primary key
//   POST /transfer {from, to, cents}  the raw five-statement transfer transaction on the real ledger tables:
//        BEGIN; lock both accounts in id order; insert the ledger transaction; insert its two entries; COMMIT.
//        The database's triggers apply the balances and check the sum at commit, as for the app.
//   POST /withdraw {user, cents, paymentId}  a withdrawal request: BEGIN; insert the withdrawal; lock the user's
//        account and the hold account; insert the ledger transaction; its two entries; COMMIT.
//   POST /approve {deposit, admin}  a deposit approval: BEGIN; lock the pending deposit; mark it; insert the audit
//        record; lock the accounts; insert the ledger transaction; its two entries; COMMIT (the app's order).
//   POST /reward {user, video, levelsBp}  a video reward with its referral shares: BEGIN; the video; lock the view;
//        no reward yet today; the live referral chain; lock the accounts; the reward's ledger transaction and two
//        entries; the reward row; each share's transaction and two entries; the team's earned sums; COMMIT.
// None of them writes notifications: what the app adds to each is what its ratio measures.
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

/** One transaction on a pooled client: BEGIN, `fn`, COMMIT (ROLLBACK and rethrow on error). */
async function inTx(fn) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await fn(client);
    await client.query('commit');
    return out;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Locks the accounts (user ids and/or system codes) in id order; returns them keyed by user id or code. */
async function lockAccounts(client, userIds, codes) {
  const { rows } = await client.query(
    'select id, user_id, code, balance_cents from ledger_accounts where user_id = any($1::uuid[]) or code = any($2::text[]) order by id for update',
    [userIds, codes],
  );
  return Object.fromEntries(rows.map((r) => [r.user_id ?? r.code, r]));
}

async function insertPosting(client, kind, eventKey, actor, memo, entries) {
  const { rows: tx } = await client.query('insert into ledger_transactions (kind, event_key, actor_id, memo) values ($1, $2, $3, $4) returning id', [kind, eventKey, actor, memo]);
  await client.query('insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3), ($1, $4, $5)', [tx[0].id, entries[0][0], entries[0][1], entries[1][0], entries[1][1]]);
}

app.post('/withdraw', async (req, reply) => {
  const { user, cents, paymentId } = req.body;
  const ok = await inTx(async (client) => {
    const { rows: w } = await client.query('insert into withdrawals (user_id, amount_cents, payment_id) values ($1, $2, $3) returning id', [user, cents, paymentId]);
    const acc = await lockAccounts(client, [user], ['hold:withdrawals']);
    if (Number(acc[user].balance_cents) < cents) throw new Error('insufficient');
    await insertPosting(client, 'withdrawal_request', `withdrawal:${w[0].id}:request`, user, { withdrawalId: w[0].id, paymentId }, [
      [acc[user].id, -cents],
      [acc['hold:withdrawals'].id, cents],
    ]);
    return true;
  }).catch(() => false);
  return ok ? reply.status(201).send({ success: true }) : reply.status(400).send({ success: false });
});

app.post('/approve', async (req, reply) => {
  const { deposit, admin } = req.body;
  const ok = await inTx(async (client) => {
    const { rows } = await client.query('select id, user_id, amount_cents, transaction_id, version from deposits where id = $1 and not deposited for update', [deposit]);
    const d = rows[0];
    if (!d) throw new Error('not pending');
    // The deposit and its audit record before the accounts, in the app's order (its trigger-kept counts lock a
    // shard row each): in the other order, an approval of this server's still running when the app's run began
    // deadlocked with the app's on a shared shard and the external:deposits account.
    await client.query('update deposits set deposited = true, version = version + 1, updated_at = now() where id = $1', [d.id]);
    await client.query(
      `insert into audit_log (actor_id, action, target_type, target_id, before, after) values ($1, 'deposit.approved', 'deposit', $2, $3, $4)`,
      [admin, d.id, JSON.stringify({ deposited: false }), JSON.stringify({ deposited: true })],
    );
    const acc = await lockAccounts(client, [d.user_id], ['external:deposits']);
    await insertPosting(client, 'deposit_approve', `deposit:${d.id}:v${d.version + 1}`, admin, { depositId: d.id, transactionId: d.transaction_id }, [
      [acc['external:deposits'].id, -Number(d.amount_cents)],
      [acc[d.user_id].id, Number(d.amount_cents)],
    ]);
    return true;
  }).catch(() => false);
  return ok ? { success: true } : reply.status(409).send({ success: false });
});

app.post('/reward', async (req, reply) => {
  const { user, video, levelsBp } = req.body;
  const ok = await inTx(async (client) => {
    const { rows: v } = await client.query('select id, point_cents from videos where id = $1 and deleted_at is null', [video]);
    if (!v[0]) throw new Error('no video');
    const cents = Number(v[0].point_cents);
    const { rows: view } = await client.query('select started_at from video_views where user_id = $1 and video_id = $2 for update', [user, video]);
    if (!view[0]) throw new Error('not opened');
    const day = new Date().toISOString().slice(0, 10);
    const { rows: paid } = await client.query('select 1 from video_rewards where user_id = $1 and video_id = $2 and day = $3 limit 1', [user, video, day]);
    if (paid[0]) throw new Error('paid');
    // Shares as the app rounds them (down to the cent), for each level that pays something.
    const due = levelsBp.map((bp, i) => ({ level: i + 1, cents: Math.floor((cents * bp) / 10000) })).filter((d) => d.cents > 0);
    const { rows: chain } = await client.query(
      `select t.ancestor_id, t.level from referral_team t join users a on a.id = t.ancestor_id and a.deleted_at is null
       where t.member_id = $1 and t.level = any($2::smallint[]) order by a.id for share of a`,
      [user, due.map((d) => d.level)],
    );
    const acc = await lockAccounts(client, [user, ...chain.map((c) => c.ancestor_id)], ['expense:rewards', 'expense:referrals']);
    const eventKey = `video:${user}:${video}:${day}`;
    const { rows: tx } = await client.query('insert into ledger_transactions (kind, event_key, actor_id, memo) values ($1, $2, $3, $4) returning id', [
      'video_reward',
      eventKey,
      user,
      { videoId: video, day },
    ]);
    await client.query('insert into ledger_entries (transaction_id, account_id, amount_cents) values ($1, $2, $3), ($1, $4, $5)', [
      tx[0].id,
      acc['expense:rewards'].id,
      -cents,
      acc[user].id,
      cents,
    ]);
    await client.query('insert into video_rewards (user_id, video_id, day, ledger_transaction_id, created_at) values ($1, $2, $3, $4, now())', [user, video, day, tx[0].id]);
    for (const c of chain) {
      const share = due.find((d) => d.level === Number(c.level)).cents;
      await insertPosting(client, 'referral_commission', `${eventKey}:referral:l${c.level}`, null, { level: c.level, memberId: user }, [
        [acc['expense:referrals'].id, -share],
        [acc[c.ancestor_id].id, share],
      ]);
      await client.query('update referral_team set earned_cents = earned_cents + $3 where member_id = $1 and level = $2', [user, c.level, share]);
    }
    return true;
  }).catch(() => false);
  return ok ? { success: true } : reply.status(409).send({ success: false });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
