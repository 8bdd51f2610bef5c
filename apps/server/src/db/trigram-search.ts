// Substring searches on users' e-mail and full name (the user desk's q, the deposit and withdrawal desks' email)
// through the trigram indexes of decision 007, with the common trigrams left out of what the index reads
// (decision 027). When every e-mail shares `bench` and `@example.com`, the posting lists of `ben`, `exa`, `com`…
// hold a row of every user, and the index read all of them for any search (59–242 ms at a million users). The
// search instead asks the index for the longest part of the text whose trigrams are all rare (`%h4242%` for
// `bench4242`) and checks the whole text on the rows it finds, in a form the index cannot serve (`(col || '')`), so
// the planner never adds the common trigrams back. Which trigrams are common comes from ANALYZE's statistics on
// show_trgm(col) (migration 0029): nothing is kept by hand, and without statistics every search is as before.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A trigram found in more than this share of the rows is left to the recheck (its posting list is the table). */
const COMMON_SHARE = 0.02;

/** The columns searched by part, each with the statistics object ANALYZE fills (migration 0029). */
export type SearchColumn = 'email' | 'full_name';
const STATISTICS: Record<SearchColumn, string> = { email: 'users_email_trigrams', full_name: 'users_full_name_trigrams' };

export type CommonTrigrams = Record<SearchColumn, Set<string>>;

/** The trigrams of each searched column found in more than COMMON_SHARE of users, from the latest ANALYZE. */
export async function commonTrigrams(db: Pick<Db, 'execute'>): Promise<CommonTrigrams> {
  const { rows } = await db.execute<{ name: string; common: string[] }>(sql`
    select s.statistics_name as name, array_agg(e.trigram) as common
    from pg_stats_ext_exprs s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(trigram, share)
    where s.schemaname = current_schema() and s.statistics_name in (${STATISTICS.email}, ${STATISTICS.full_name})
      and e.share > ${COMMON_SHARE}
    group by s.statistics_name`);
  const common: CommonTrigrams = { email: new Set(), full_name: new Set() };
  for (const r of rows) common[r.name === STATISTICS.email ? 'email' : 'full_name'] = new Set(r.common);
  return common;
}

/** How long a read of the statistics serves searches (they change with ANALYZE, and reading them takes 2–4 ms). */
const STATISTICS_TTL_MS = 60_000;
const recent = new WeakMap<object, { at: number; common: Promise<CommonTrigrams> }>();

/** commonTrigrams, read at most once a minute per pool (a failed read is not kept). */
export function recentCommonTrigrams(db: Db): Promise<CommonTrigrams> {
  const hit = recent.get(db.$client);
  if (hit && Date.now() - hit.at < STATISTICS_TTL_MS) return hit.common;
  const common = commonTrigrams(db);
  recent.set(db.$client, { at: Date.now(), common });
  common.catch(() => recent.delete(db.$client));
  return common;
}

/**
 * The part of `text` for the index to read: the longest run of a word (letters and digits, as pg_trgm splits text)
 * whose trigrams are all rare, or null when the whole text is to be read as it is (no trigram of it is common, or
 * none is rare). Only which rows the index proposes depends on it, never which rows match.
 */
export function rarePart(text: string, common: Set<string>): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let best: string[] = [];
  let anyCommon = false;
  for (const word of words) {
    const chars = [...word];
    // Runs of consecutive rare windows chars[i..i+2]; a run of windows a..b is the part chars[a..b+2].
    let runStart = -1;
    for (let i = 0; i <= chars.length - 2; i++) {
      const rare = i <= chars.length - 3 && !common.has(chars.slice(i, i + 3).join(''));
      if (i <= chars.length - 3 && !rare) anyCommon = true;
      if (rare && runStart < 0) runStart = i;
      if (!rare && runStart >= 0) {
        if (i + 2 - runStart > best.length) best = chars.slice(runStart, i + 2);
        runStart = -1;
      }
    }
  }
  const bestText = best.length ? best.join('') : null;
  return anyCommon ? bestText : null;
}

/**
 * `column LIKE %text%` (ILIKE when `insensitive`), the text's `%`, `_` and `\` taken literally, read through the
 * column's trigram index by its rare part only (see the note at the top). `column` is a constant of the caller's.
 */
export function substringMatch(column: SQL, kind: SearchColumn, text: string, common: CommonTrigrams, insensitive: boolean): SQL {
  const like = sql.raw(insensitive ? 'ilike' : 'like');
  const whole = `%${escapeLike(text)}%`;
  const part = rarePart(text, common[kind]);
  if (part === null) return sql`${column} ${like} ${whole}`;
  return sql`(${column} ${like} ${`%${escapeLike(part)}%`} and (${column} || '') ${like} ${whole})`;
}

/** `%`, `_` and `\` match literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
