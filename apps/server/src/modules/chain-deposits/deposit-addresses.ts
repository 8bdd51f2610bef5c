// Every user their own deposit address (decision 020), derived from the account-level extended public
// key TRON_XPUB: user n's address is m/44'/195'/0'/0/n. The index n is taken from the key's row in deposit_xpubs
// (UPDATE … RETURNING: the row lock serialises every instance) under a lock of the user's row, so concurrent first
// views on any number of instances give one address, and an index is never given twice (closed accounts keep
// theirs). A rotation (a new TRON_XPUB) adds a key row: existing users keep the address they were given (shown from
// the key it was made with, and still watched); new users get the new key's addresses.
import { sql } from 'drizzle-orm';
import { CHAIN_MSG, centsToNumber, type AdminDepositAddress, type OwnChainDeposit, type OwnDepositAddress } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { conflict } from '../../errors.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { floorCents, iso, type ChainSettings } from './chain-settings.js';
import { BELOW_MINIMUM } from './settle.js';
import { deriveTronAddress, xpubKeyId } from './xpub.js';
import { inTransaction } from '../../db/transaction.js';

/** The key's row (made the first time the key is used); its id. */
export async function xpubRow(db: Db | Tx, xpub: string): Promise<number> {
  const inserted = await db.execute<{ id: number }>(sql`
    insert into deposit_xpubs (xpub, key_id) values (${xpub}, ${xpubKeyId(xpub)}) on conflict (xpub) do nothing returning id`);
  if (inserted.rows[0]) return inserted.rows[0].id;
  const { rows } = await db.execute<{ id: number }>(sql`select id from deposit_xpubs where xpub = ${xpub}`);
  return rows[0].id;
}

type AddressRow = { address: string; idx: number };

/** The caller's address: the one they were given, else a new one from the key in force (once, under locks). */
export async function ensureOwnAddress(db: Db, userId: string, xpub: string): Promise<AddressRow> {
  const existing = await db.execute<AddressRow>(sql`select address, idx from deposit_addresses where user_id = ${userId}`);
  if (existing.rows[0]) return existing.rows[0];
  const keyId = await xpubRow(db, xpub);
  return inTransaction(db, async (tx) => {
    // The user's row, locked: a concurrent first view of the same user waits here, then finds the address.
    const user = await tx.execute<{ closed: boolean }>(sql`select deleted_at is not null as closed from users where id = ${userId} for no key update`);
    if (user.rows[0]?.closed !== false) throw conflict(CHAIN_MSG.accountClosed);
    const again = await tx.execute<AddressRow>(sql`select address, idx from deposit_addresses where user_id = ${userId}`);
    if (again.rows[0]) return again.rows[0];
    const { rows } = await tx.execute<{ idx: number }>(sql`
      update deposit_xpubs set next_index = next_index + 1 where id = ${keyId} returning next_index - 1 as idx`);
    const idx = rows[0].idx;
    const { address, hex } = deriveTronAddress(xpub, idx);
    await tx.execute(sql`
      insert into deposit_addresses (user_id, xpub_id, idx, address, address_hex) values (${userId}, ${keyId}, ${idx}, ${address}, ${hex})`);
    return { address, idx };
  });
}

const OWN_RECENT = 10;

/** GET /deposit/address: the address, the minimum, and the last transfers seen to it with their status. */
export async function ownDepositAddress(db: Db, userId: string, s: ChainSettings): Promise<OwnDepositAddress> {
  const { address, idx } = await ensureOwnAddress(db, userId, s.xpub);
  const { rows } = await db.execute<{ tx_id: string; value: string; status: string; reason: string | null; verified: boolean | null; block_time: Date | string }>(sql`
    select t.tx_id, t.value::text as value, t.status, t.reason, t.verified, t.block_time
    from chain_transfers t join deposit_addresses a on a.address = t.to_address
    where a.user_id = ${userId} and t.source = 'events'
    order by t.block_time desc, t.id desc limit ${OWN_RECENT}`);
  const deposits: OwnChainDeposit[] = rows.map((r) => ({
    transactionId: r.tx_id,
    amount: centsToNumber(floorCents(r.value) ?? 0),
    status: r.status === 'credited' ? 'credited' : r.status === 'new' ? 'confirming' : r.reason === BELOW_MINIMUM ? 'below_minimum' : 'refused',
    blockTime: iso(r.block_time),
  }));
  return { address, index: idx, minDeposit: centsToNumber(s.minDepositCents), deposits };
}

/** Token units → USDT as a number (6 decimals; for totals shown to admins). */
const usdt = (units: string | null) => Number(units ?? 0) / 1_000_000;

async function sweepMark(db: Db | Tx): Promise<Date | null> {
  const { rows } = await db.execute<{ at: Date | null }>(sql`select sweep_mark_at as at from chain_poller where id = 1`);
  return rows[0]?.at ?? null;
}

/** Confirmed USDT on deposit addresses (credited or not: below the minimum stays on the address too). */
const received = sql`t.source = 'events' and t.verified and t.status in ('credited', 'unmatched', 'new')`;

/** GET /deposit/addresses (admin): every user's address, newest first, with what it received. */
export async function listDepositAddresses(
  db: Db,
  q: { page: number; limit: number },
): Promise<{ addresses: AdminDepositAddress[]; total: number; heldSinceSweep: number; sweepMarkAt: string | null }> {
  const mark = await sweepMark(db);
  const since = mark ?? new Date(0);
  const [rows, totals] = await Promise.all([
    db.execute<{ user_id: string; email: string; idx: number; address: string; key_id: string; created_at: Date | string; total: string | null; since: string | null; last: Date | string | null }>(sql`
      select a.user_id, u.email, a.idx, a.address, k.key_id, a.created_at, r.total, r.since, r.last
      from deposit_addresses a join users u on u.id = a.user_id join deposit_xpubs k on k.id = a.xpub_id
      left join lateral (
        select sum(t.value)::text as total, sum(t.value) filter (where t.block_time > ${since})::text as since, max(t.block_time) as last
        from chain_transfers t where t.to_address = a.address and ${received}
      ) r on true
      order by a.created_at desc, a.user_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<{ n: number; held: string | null }>(sql`
      select (select count(*)::int from deposit_addresses) as n,
        (select sum(t.value)::text from chain_transfers t where ${received} and t.block_time > ${since}) as held`),
  ]);
  return {
    total: totals.rows[0].n,
    heldSinceSweep: usdt(totals.rows[0].held),
    sweepMarkAt: mark ? iso(mark) : null,
    addresses: rows.rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      index: r.idx,
      address: r.address,
      keyId: r.key_id,
      totalReceived: usdt(r.total),
      sinceSweep: usdt(r.since),
      lastDepositAt: r.last ? iso(r.last) : null,
      createdAt: iso(r.created_at),
    })),
  };
}

/**
 * GET /deposit/addresses.csv (admin): index,address,total,key_id of every address that received USDT since the last
 * sweep mark, for the operator's wallet (the same mnemonic) to sweep: the server never signs anything.
 */
export async function depositAddressesCsv(db: Db): Promise<string> {
  const since = (await sweepMark(db)) ?? new Date(0);
  const { rows } = await db.execute<{ idx: number; address: string; key_id: string; total: string }>(sql`
    select a.idx, a.address, k.key_id, sum(t.value)::text as total
    from deposit_addresses a join deposit_xpubs k on k.id = a.xpub_id join chain_transfers t on t.to_address = a.address
    where ${received} and t.block_time > ${since}
    group by a.idx, a.address, k.key_id, k.id order by k.id, a.idx`);
  const lines = rows.map((r) => `${r.idx},${r.address},${(Number(r.total) / 1_000_000).toFixed(6)},${r.key_id}`);
  return `index,address,total,key_id\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
}

/** POST /deposit/addresses/sweep (admin): the operator swept the addresses as of `now`; totals count from then. Audited. */
export async function markSwept(tx: Tx, actorId: string, now: Date): Promise<void> {
  await recheckActor(tx, actorId);
  const before = await sweepMark(tx);
  await tx.execute(sql`update chain_poller set sweep_mark_at = ${now} where id = 1`);
  await recordAudit(tx, {
    actorId,
    action: 'deposit.addresses_swept',
    targetType: 'deposit_addresses',
    targetId: null,
    before: { sweepMarkAt: before ? iso(before) : null },
    after: { sweepMarkAt: iso(now) },
  });
}
