import type { AccountSession } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { endOtherSessions } from '../../http/session.js';
import { sha256Hex } from '../../lib/crypto.js';
import { describeAgent } from '../../lib/user-agent.js';

/** The handle the account centre sees: derived from the stored key, which it never sees. */
function publicId(sessionId: string): string {
  return sha256Hex(`session-handle:${sessionId}`).slice(0, 24);
}

/**
 * The account's open sessions: list them, end one, end all but the current one.
 * @package
 */
export class SessionsService {
  constructor(private readonly deps: AppDeps) {}

  private open(userId: number) {
    return this.deps.db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.deps.clock.now())
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  async list(userId: number, currentId: string): Promise<AccountSession[]> {
    return (await this.open(userId)).map((s) => ({
      id: publicId(s.id),
      device: describeAgent(s.user_agent),
      ip: s.ip,
      created_at: s.created_at,
      last_seen_at: s.last_seen_at,
      current: s.id === currentId,
    }));
  }

  /** Ends the session with that handle, if it is one of this account's; answers whether it was. */
  async end(userId: number, handle: string): Promise<boolean> {
    const target = (await this.open(userId)).find((s) => publicId(s.id) === handle);
    if (!target) return false;
    await this.deps.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '=', target.id)
      .execute();
    return true;
  }

  endOthers(userId: number, currentId: string): Promise<number> {
    return endOtherSessions(this.deps.db, userId, currentId);
  }
}
