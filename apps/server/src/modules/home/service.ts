import {
  BYTES_PER_GB,
  Code,
  DEFAULT_SKIN,
  isSkinId,
  type SettingDetail,
  type SkinId,
  type SpaceCapacity,
  skinContent,
  type UserDetail,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { AppModule } from '../../platform/app-module.js';
import { type UserRow, Users } from '../users/index.js';

/** Parses the stored member list; null means every served service. */
export function parseMember(stored: string | null): number[] | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/** User, navigation, settings and space: what the home page and the header show. */
export class HomeService {
  private readonly users: Users;
  constructor(
    private readonly deps: AppDeps,
    private readonly modules: readonly AppModule[],
  ) {
    this.users = new Users(deps.db);
  }

  private async user(userId: number): Promise<UserRow> {
    const user = await this.users.byId(userId);
    if (!user) throw new AppError(Code.NOT_LOGGED_IN);
    return user;
  }

  /** Service ids this deployment serves, in the spec's order. */
  served(): number[] {
    // Two modules may serve one id (a test probe beside the real area): still one tile.
    return [...new Set(this.modules.flatMap((m) => (m.serviceId === undefined ? [] : [m.serviceId])))];
  }

  async detail(userId: number): Promise<UserDetail> {
    const user = await this.user(userId);
    return { username: user.username, flag: user.phone || user.email ? 1 : 0 };
  }

  /** The member list: what the account has enabled, limited to what is served here. */
  async member(userId: number): Promise<number[]> {
    const enabled = parseMember((await this.user(userId)).member);
    const served = this.served();
    return enabled === null ? served : served.filter((id) => enabled.includes(id));
  }

  async setting(userId: number): Promise<SettingDetail> {
    const stored = (await this.user(userId)).skin;
    const skin: SkinId = isSkinId(stored) ? stored : DEFAULT_SKIN;
    return { skin, content: skinContent(skin) };
  }

  async saveSkin(userId: number, skin: SkinId): Promise<SettingDetail> {
    await this.users.update(userId, { skin }, this.deps.clock.now());
    return { skin, content: skinContent(skin) };
  }

  async capacity(userId: number): Promise<SpaceCapacity> {
    const user = await this.user(userId);
    return { freeSize: this.deps.config.freeSpaceGb, paymentSize: user.paid_gb };
  }

  async used(userId: number, kind: 'backup' | 'drive'): Promise<number> {
    let total = 0;
    for (const m of this.modules) {
      if (!m.usage) continue;
      const u = await m.usage(this.deps, userId);
      if (u.kind === kind) total += u.bytes;
    }
    return total;
  }

  async driveQuota(userId: number) {
    const { freeSize, paymentSize } = await this.capacity(userId);
    return {
      used: await this.used(userId, 'drive'),
      total: Math.round((freeSize + paymentSize) * BYTES_PER_GB),
    };
  }
}
