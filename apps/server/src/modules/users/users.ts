import type { Db } from '../../db/index.js';
import { type NewUser, type UserPatch, type UserRow, UsersRepo } from './repo.js';

/**
 * Accounts as the other modules use them: looked up by id or sign-in name, created, changed,
 * listed for the operator. The queries behind it stay this module's own.
 */
export class Users {
  private readonly repo: UsersRepo;

  constructor(db: Db) {
    this.repo = new UsersRepo(db);
  }

  byId(id: number): Promise<UserRow | undefined> {
    return this.repo.byId(id);
  }

  /** By a stored user name, phone or e-mail; a typed one goes through `normalizeLogin` first. */
  byLogin(login: string): Promise<UserRow | undefined> {
    return this.repo.byLogin(login);
  }

  isTaken(field: 'username' | 'phone' | 'email', value: string, exceptId?: number): Promise<boolean> {
    return this.repo.isTaken(field, value, exceptId);
  }

  create(user: NewUser, now: number): Promise<number> {
    return this.repo.create(user, now);
  }

  update(id: number, patch: UserPatch, now: number): Promise<void> {
    return this.repo.update(id, patch, now);
  }

  list(): Promise<UserRow[]> {
    return this.repo.list();
  }

  count(): Promise<number> {
    return this.repo.count();
  }
}
