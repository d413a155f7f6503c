import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

/** What may change on an account. */
export type UserPatch = Partial<
  Pick<UserRow, 'password_hash' | 'phone' | 'email' | 'paid_gb' | 'member' | 'skin'>
>;

export interface NewUser {
  username: string;
  passwordHash: string;
  phone?: string | null;
  email?: string | null;
  paidGb?: number;
}

/**
 * Queries on accounts; other modules reach them through `Users` (index.ts).
 * @package
 */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sign-in name: user name, phone or e-mail (already normalised by the caller). */
  byLogin(account: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([eb('username', '=', account), eb('phone', '=', account), eb('email', '=', account)]),
      )
      .executeTakeFirst();
  }

  async isTaken(field: 'username' | 'phone' | 'email', value: string, exceptId?: number) {
    let q = this.db.selectFrom('users').select('id').where(field, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(u: NewUser, now: number): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({
        username: u.username,
        password_hash: u.passwordHash,
        phone: u.phone ?? null,
        email: u.email ?? null,
        paid_gb: u.paidGb ?? 0,
        member: null,
        skin: '05',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, patch: UserPatch, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Every account, for the operator. Rows with a negative id are not accounts: the contacts
   * import's start-up warm-up makes one for a second or two (contacts/vcard/warm.ts).
   */
  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('id', '>', 0).orderBy('id').execute();
  }

  /** How many accounts there are (as `list`): the demo seed runs only when there is none. */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
