import {
  DeviceApi,
  type DeviceCommand,
  type DeviceCommandResult,
  type DeviceLocationReport,
  type DeviceSigninDone,
  type DeviceSigninFinish,
  type DeviceSigninStarted,
  type DeviceState,
  type Envelope,
  SyncApi,
  type SyncArea,
  type SyncPullPage,
  type SyncPullRequest,
  type SyncPushRequest,
  type SyncPushResult,
} from '@phonecloud/shared';

/** A business failure answered by the server: `code` is the envelope's, `data` what came with it. */
export class DeviceApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The device API over fetch: JSON in, the envelope out, the token as a bearer. */
export class DeviceApiClient {
  token: string | null = null;
  constructor(readonly server: string) {}

  private async call<T>(path: string, body: object, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(new URL(path, this.server), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 0)
      throw new DeviceApiError(env.code, env.message ?? `error ${env.code}`, env.data ?? null);
    return env.data as T;
  }

  signinStart(account: string, password: string) {
    return this.call<DeviceSigninStarted>(DeviceApi.signinStart, { account, password });
  }
  signinFinish(input: DeviceSigninFinish) {
    return this.call<DeviceSigninDone>(DeviceApi.signinFinish, input);
  }
  heartbeat() {
    return this.call<DeviceState>(DeviceApi.heartbeat, {});
  }
  location(report: DeviceLocationReport) {
    return this.call<object>(DeviceApi.location, report);
  }
  async poll(waitMs: number, signal?: AbortSignal): Promise<DeviceCommand[]> {
    return (
      await this.call<{ commands: DeviceCommand[] }>(DeviceApi.commandsPoll, { wait_ms: waitMs }, signal)
    ).commands;
  }
  ack(commandId: string) {
    return this.call<object>(DeviceApi.commandAck, { command_id: commandId });
  }
  result(r: DeviceCommandResult) {
    return this.call<object>(DeviceApi.commandResult, r);
  }
  /** One page of a sync pull (docs/sync.md). */
  pull<A extends SyncArea>(req: SyncPullRequest & { area: A }) {
    return this.call<SyncPullPage<A>>(SyncApi.pull, req);
  }
  /** One sync batch; 1020 (held) and 1021 (refused) come as a DeviceApiError with `SyncHeldInfo`. */
  push<A extends SyncArea>(req: SyncPushRequest<A>) {
    return this.call<SyncPushResult>(SyncApi.push, req);
  }
  signout() {
    return this.call<object>(DeviceApi.signout, {});
  }
}
