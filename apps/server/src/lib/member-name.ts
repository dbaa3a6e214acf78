/**
 * A member's name as staff say it, in SQL: the contract's `formatMemberName` ("Mary Wong"; a name
 * written in Han script family name first, without a space: "張嘉欣"), for lists that build the
 * name in the query (entries, invoices, the navbar's last entry). Code that has the two parts in
 * hand calls `formatMemberName` itself.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { members } from '../db/schema/index.ts';

/**
 * Han script, as the contract's `\p{Script=Han}` (radicals, 々 〇 〡-〩 〸-〻, the unified ideographs
 * and their extensions, the compatibility ideographs); PostgreSQL's regular expressions have no
 * script classes.
 */
const HAN = '⺀-⻳⼀-⿕々〇〡-〩〸-〻㐀-䶿一-鿿豈-﫿𠀀-𲎯';
/** Han, the middle dots some names carry, and spaces: the whole of a Han name (`HAN_ONLY` in the contract). */
const HAN_ONLY = `^[${HAN}·・[:space:]]+$`;
const HAN_ANY = `[${HAN}]`;
/** The patterns as literals of the statement's text (constants without quotes), not values sent with it. */
const literal = (pattern: string) => {
  if (pattern.includes("'")) throw new Error('a pattern literal may not hold a quote');
  return sql.raw(`'${pattern}'`);
};
const HAN_ONLY_SQL = literal(HAN_ONLY);
const HAN_ANY_SQL = literal(HAN_ANY);

export function memberNameSql(first: SQLWrapper, last: SQLWrapper): SQL<string> {
  const whole = sql`(${first} || ${last})`;
  return sql<string>`(case when ${whole} ~ ${HAN_ONLY_SQL} and ${whole} ~ ${HAN_ANY_SQL}
    then btrim(${last}) || btrim(${first})
    else btrim(btrim(${first}) || ' ' || btrim(${last})) end)`;
}

/**
 * Whether a member's name matches a LIKE pattern (case-insensitive) as staff may type it: as shown
 * (`memberNameSql`) or as stored, given name first ("嘉欣 張" finds 張嘉欣 too).
 */
export function memberNameLike(first: SQLWrapper, last: SQLWrapper, pattern: string): SQL {
  return sql`(${memberNameSql(first, last)} ilike ${pattern} or (${first} || ' ' || ${last}) ilike ${pattern})`;
}

/** A member as lists name one: id, code and the parts of the name (`formatMemberName` joins them). */
export const memberRefColumns = {
  id: members.id,
  code: members.code,
  firstName: members.firstName,
  lastName: members.lastName,
  chineseName: members.chineseName,
};
