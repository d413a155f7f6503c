import type { Db } from '../../db/index.js';

/**
 * Queries of the authenticator tables; every one is scoped by user_id.
 * @package
 */
export class TotpRepo {
  constructor(private readonly db: Db) {}

  factor(userId: number) {
    return this.db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Starts an enrolment: a new unconfirmed secret in place of an earlier unconfirmed one. */
  async startEnrolment(userId: number, secretBox: string, now: number): Promise<void> {
    const values = { secret_box: secretBox, created_at: now, confirmed_at: null, last_step: 0 };
    await this.db
      .insertInto('totp_factors')
      .values({ user_id: userId, ...values })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet(values).where('totp_factors.confirmed_at', 'is', null),
      )
      .execute();
  }

  /**
   * Takes a time step as used: answers false when a code of this step or a later one was already
   * accepted (a replay, or the same code sent twice at once). `confirm` also ends an enrolment.
   */
  async takeStep(userId: number, step: number, confirmAt?: number): Promise<boolean> {
    const res = await this.db
      .updateTable('totp_factors')
      .set(confirmAt === undefined ? { last_step: step } : { last_step: step, confirmed_at: confirmAt })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .where('confirmed_at', confirmAt === undefined ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
    await this.db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('totp_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
  }

  /** Uses a recovery code up; false when there is no such unused code. */
  async useRecoveryCode(userId: number, hash: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async recoveryLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('totp_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Enrolments nobody confirmed in time: their secrets were never in use. */
  async removeUnconfirmedBefore(before: number): Promise<void> {
    await this.db
      .deleteFrom('totp_factors')
      .where('confirmed_at', 'is', null)
      .where('created_at', '<', before)
      .execute();
  }

  async remove(userId: number): Promise<void> {
    await this.db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
  }
}
