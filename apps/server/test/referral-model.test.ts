// Model-based test of the referral program (docs/money.md#referral-program). fast-check generates sequences of video rewards (alone and
// raced), deposits approved (alone and raced), reverts, deletions of deposits, deletions of users and rate changes
// on the settings page, for a small team U0 ← U1 ← U2 ← U3 and U1 ← U4 (U0 referred U1, …), and runs each against
// the real server and an in-memory model of the rules: each share ⌊p × rate⌋ to each live referrer at its level,
// the first-deposit bonus decided at a user's first credit, deleted referrers skipped. After every step each balance
// must be the model's; after every run GET /user/referrals of every live user must show the model's earnings, and
// checkLedger must be clean. MODEL_SEED=<seed> MODEL_PATH=<path> replays a shrunk failure.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseReferralLevels, referralShareCents } from '@app/contract';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { expectLedgerClean } from './money-helpers.js';

const PARENT = [-1, 0, 1, 2, 1];
const NUM_RUNS = Number(process.env.MODEL_RUNS ?? 12);
/** The default seed of the property runs (see fc.assert below). */
const MODEL_SEED = 20261124;
const MAX_STEPS = 20;
const LEVEL_CHOICES = ['10,5,3', '20,0,1.5', '0', '3,3,3,3', '33.33'];
const BONUS_CHOICES = [0, 1, 2.5];

let ctx: TestContext;
let sadmin: Client;
const VIDEOS: { id: string; cents: number }[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ REFERRAL_BONUS_MIN_DEPOSIT: (BONUS_MIN_DEPOSIT_CENTS / 100).toFixed(2) });
  sadmin = (await signUpAs(ctx, 'SADMIN')).client;
  for (const point of [2, 0.37, 9.99]) { // three videos: the commands' video index is 0–2
    const r = await sadmin.post('/api/v1/video', { link: 'https://www.youtube.com/watch?v=rEfMoDeL001', point, time: 0.05 });
    expect(r.status).toBe(201);
    VIDEOS.push({ id: r.body.video._id, cents: Math.round(point * 100) });
  }
});
afterAll(() => ctx?.close());

type Cmd =
  | { t: 'reward'; user: number; video: number; race: boolean }
  | { t: 'deposit'; user: number; cents: number; race: boolean }
  | { t: 'toggle'; dep: number }
  | { t: 'deleteDeposit'; dep: number }
  | { t: 'deleteUser'; user: number }
  | { t: 'rates'; levels: number; bonus: number };

const member = fc.integer({ min: 0, max: PARENT.length - 1 });
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('reward' as const), user: member, video: fc.nat({ max: 2 }), race: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('deposit' as const), user: member, cents: fc.oneof(fc.integer({ min: 1, max: 1199 }), fc.integer({ min: 1200, max: 5000 })), race: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('toggle' as const), dep: fc.nat({ max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteDeposit' as const), dep: fc.nat({ max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('deleteUser' as const), user: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('rates' as const), levels: fc.nat({ max: LEVEL_CHOICES.length - 1 }), bonus: fc.nat({ max: BONUS_CHOICES.length - 1 }) }) },
);

interface Model {
  bal: number[];
  /** What each user earned from the program, by level (1-based index). */
  earned: number[][];
  deleted: boolean[];
  firstCredited: boolean[];
  deposits: { id: string; owner: number; cents: number; deposited: boolean; hidden: boolean }[];
  paid: Set<string>;
  levelsBp: number[];
  bonusCents: number;
}

interface World {
  clients: Client[];
  ids: string[];
}

function ancestors(u: number): { a: number; level: number }[] {
  const out = [];
  for (let a = PARENT[u], level = 1; a >= 0; a = PARENT[a], level++) out.push({ a, level });
  return out;
}

/** REFERRAL_BONUS_MIN_DEPOSIT as the test app runs it (the default, 12.00): a first deposit below it pays no bonus. */
const BONUS_MIN_DEPOSIT_CENTS = 1200;

function creditModel(m: Model, u: number, cents: number) {
  m.bal[u] += cents;
  if (m.firstCredited[u] || PARENT[u] < 0) return;
  m.firstCredited[u] = true;
  const r = PARENT[u];
  // The first credit decides the bonus once: none below the minimum first deposit, never more than the deposit.
  const bonus = cents < BONUS_MIN_DEPOSIT_CENTS ? 0 : Math.min(m.bonusCents, cents);
  if (bonus > 0 && !m.deleted[r]) {
    m.bal[r] += bonus;
    m.earned[r][1] += bonus;
    note('bonus paid');
  } else if (m.bonusCents > 0 && cents < BONUS_MIN_DEPOSIT_CENTS) note('small first deposit, no bonus');
}

const seen = new Map<string, number>();
const note = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);

async function approve(id: string) {
  return sadmin.post(`/api/v1/deposit/deposit/${id}`);
}

async function claim(w: World, u: number, cents: number): Promise<string> {
  const r = await w.clients[u].post('/api/v1/deposit/deposit', { amount: cents / 100, transactionId: randomBytes(32).toString('hex') });
  expect(r.status, r.text).toBe(201);
  return r.body.deposit._id;
}

async function step(w: World, m: Model, c: Cmd, label: string) {
  switch (c.t) {
    case 'reward': {
      if (m.deleted[c.user]) return; // a deleted user has no session to ask with
      const v = VIDEOS[c.video];
      expect((await w.clients[c.user].get(`/api/v1/video/${v.id}`)).status, label).toBe(200);
      ctx.clock.advance(5_000);
      const tries = c.race ? 5 : 1;
      const res = await Promise.all(Array.from({ length: tries }, () => w.clients[c.user].post('/api/v1/video/add-point', { videoId: v.id })));
      const key = `${c.user}:${c.video}`;
      const ok = res.filter((r) => r.status === 200).length;
      expect(ok, `${label}: ${res.map((r) => r.status)}`).toBe(m.paid.has(key) ? 0 : 1);
      expect(res.every((r) => r.status === 200 || r.status === 409), label).toBe(true);
      note(`reward${c.race ? ' raced' : ''} ${ok ? 200 : 409}`);
      if (ok) {
        m.paid.add(key);
        m.bal[c.user] += v.cents;
        for (const { a, level } of ancestors(c.user)) {
          const share = referralShareCents(v.cents, m.levelsBp[level - 1] ?? 0);
          if (share > 0 && !m.deleted[a]) {
            m.bal[a] += share;
            m.earned[a][level] += share;
            note('commission paid');
          } else if (share > 0) note('deleted referrer skipped');
        }
      }
      return;
    }
    case 'deposit': {
      if (m.deleted[c.user]) return;
      const ids = [await claim(w, c.user, c.cents)];
      if (c.race) ids.push(await claim(w, c.user, c.cents));
      for (const id of ids) m.deposits.push({ id, owner: c.user, cents: c.cents, deposited: false, hidden: false });
      const res = await Promise.all(ids.map((id) => approve(id)));
      for (const [i, r] of res.entries()) {
        expect(r.status, `${label}: ${r.text}`).toBe(200);
        m.deposits[m.deposits.length - ids.length + i].deposited = true;
        creditModel(m, c.user, c.cents);
      }
      note(`deposit${c.race ? ' raced' : ''}`);
      return;
    }
    case 'toggle':
    case 'deleteDeposit': {
      const live = m.deposits.filter((d) => !d.hidden);
      if (live.length === 0) return;
      const d = live[c.dep % live.length];
      const res = c.t === 'toggle' ? await approve(d.id) : await sadmin.del(`/api/v1/deposit/deposit/${d.id}`);
      const want = d.deposited ? (m.bal[d.owner] < d.cents ? 409 : 200) : c.t === 'toggle' && m.deleted[d.owner] ? 409 : 200;
      expect(res.status, `${label}: ${res.text}`).toBe(want);
      note(`${c.t}${d.deposited ? '(deposited)' : ''} ${want}`);
      if (want !== 200) return;
      if (d.deposited) {
        m.bal[d.owner] -= d.cents;
        d.deposited = false;
      } else if (c.t === 'toggle') {
        d.deposited = true;
        creditModel(m, d.owner, d.cents);
      }
      if (c.t === 'deleteDeposit') d.hidden = true;
      return;
    }
    case 'deleteUser': {
      if (m.deleted[c.user]) return;
      const res = await sadmin.del(`/api/v1/user/${w.ids[c.user]}/delete-user`);
      expect(res.status, label).toBe(200);
      m.deleted[c.user] = true;
      note('deleteUser');
      return;
    }
    case 'rates': {
      const levels = LEVEL_CHOICES[c.levels];
      const bonus = BONUS_CHOICES[c.bonus];
      const res = await sadmin.put('/api/v1/settings', { referralLevels: levels, referralFirstDepositBonus: bonus });
      expect([200].includes(res.status) || res.body.message === 'Nothing changed: the settings already have these values', label).toBe(true);
      m.levelsBp = parseReferralLevels(levels)!;
      m.bonusCents = Math.round(bonus * 100);
      note('rates');
      return;
    }
  }
}

async function balances(w: World): Promise<number[]> {
  const r = await ctx.db.execute<{ user_id: string; b: string }>(
    sql`select user_id, balance_cents::text as b from ledger_accounts where user_id = any(${`{${w.ids.join(',')}}`}::uuid[])`,
  );
  const by = new Map(r.rows.map((x) => [x.user_id, Number(x.b)]));
  return w.ids.map((id) => by.get(id) ?? -1);
}

test('referral commissions and bonuses match the model through rewards, deposits, reverts, deletions and rate changes', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(cmdArb, { minLength: 1, maxLength: MAX_STEPS }), async (cmds) => {
      run++;
      // Each run starts from the defaults and a fresh team.
      await sadmin.put('/api/v1/settings', { referralLevels: '10,5,3', referralFirstDepositBonus: 1 });
      const w: World = { clients: [], ids: [] };
      for (let i = 0; i < PARENT.length; i++) {
        const s = await signUp(ctx, { fullName: `Run ${run} U${i}`, ...(PARENT[i] >= 0 ? { refer: (await idCode(w.ids[PARENT[i]])) } : {}) });
        w.clients.push(s.client);
        w.ids.push(s.user._id);
      }
      await ctx.db.execute(sql`update users set subscribed_at = now() where id = any(${`{${w.ids.join(',')}}`}::uuid[])`);
      const m: Model = {
        bal: PARENT.map(() => 0),
        earned: PARENT.map(() => Array(11).fill(0)),
        deleted: PARENT.map(() => false),
        firstCredited: PARENT.map(() => false),
        deposits: [],
        paid: new Set(),
        levelsBp: [1000, 500, 300],
        bonusCents: 100,
      };
      for (const [i, c] of cmds.entries()) {
        const label = `run ${run} step ${i} ${JSON.stringify(c)}`;
        await step(w, m, c, label);
        expect(await balances(w), label).toEqual(m.bal);
      }
      for (const [u, client] of w.clients.entries()) {
        if (m.deleted[u]) continue;
        const r = await client.get('/api/v1/user/referrals?limit=100');
        expect(r.status).toBe(200);
        const total = m.earned[u].reduce((s, x) => s + x, 0);
        expect(Math.round(r.body.totals.earned * 100), `U${u} total`).toBe(total);
        for (const l of r.body.levels as { level: number; earned: number; people: number }[]) {
          expect(Math.round(l.earned * 100), `U${u} level ${l.level}`).toBe(m.earned[u][l.level]);
          const people = PARENT.filter((_, x) => !m.deleted[x] && ancestors(x).some((y) => y.a === u && y.level === l.level)).length;
          expect(l.people, `U${u} level ${l.level} people`).toBe(people);
        }
      }
      await expectLedgerClean(ctx);
    }),
    {
      numRuns: NUM_RUNS,
      // A fixed seed by default: the check below that the runs were not vacuous must not depend on luck (a random
      // seed once gave ten deletions but no reward after one, and CI failed). MODEL_SEED explores others.
      seed: Number(process.env.MODEL_SEED ?? MODEL_SEED),
      ...(process.env.MODEL_PATH ? { path: process.env.MODEL_PATH } : {}),
    },
  );
  // The runs were not vacuous: commissions were paid, raced rewards and deposits happened, reverts were refused.
  for (const k of ['commission paid', 'deleted referrer skipped', 'bonus paid', 'small first deposit, no bonus', 'reward raced 200', 'deposit raced', 'rates', 'deleteUser', 'toggle(deposited) 200']) {
    expect(seen.get(k) ?? 0, `${k} never happened: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
  }
}, 600_000);

async function idCode(id: string): Promise<string> {
  const r = await ctx.db.execute<{ c: string }>(sql`select referral_code as c from users where id = ${id}`);
  return r.rows[0].c;
}
